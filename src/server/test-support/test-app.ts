// The real HTTP app on a test database, with mail captured to a temp folder as .eml files.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance, onRequestHookHandler } from "fastify";
import type { Redis } from "ioredis";
import pino from "pino";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import { createMailer } from "../infra/mailer";
import { createRateLimits, type RateLimits } from "../infra/rate-limit";
import type { DnsResolver } from "../infra/smtp-inbound";
import type { EventBus } from "../realtime/bus";
import { fakeDns } from "./dns";
import type { SmtpSink } from "./smtp-sink";
import { createTestDatabase } from "./test-db";

export interface CapturedMail {
  to: string;
  subject: string;
  raw: string;
}

export interface TestApp {
  app: FastifyInstance;
  /** The configuration the app runs with (its PUBLIC_URL, mail domain…). */
  config: Config;
  database: Database;
  /** The app's DATA_DIR (media, exports, captured mail). */
  dataDir: string;
  /** The app's own rate-limit budgets, for a test that spends most of one without the requests. */
  limits: RateLimits;
  mailbox: {
    all(): CapturedMail[];
    latestTo(email: string): CapturedMail | undefined;
    /** The codes mailed to `email` so far, oldest first. */
    codesTo(email: string): string[];
    /** The code of the `nth` code mail to `email` (the first by default), once the outbox has
     * sent it: it mails after the commit, so on a busy machine the answer to a request comes
     * first. */
    codeArrived(email: string, nth?: number): Promise<string>;
  };
  close(): Promise<void>;
}

const TEST_INDEX_HTML = `<!doctype html><html><head>
<!--page-meta--><meta name="description" content="default" /><title>chtcht</title><!--/page-meta-->
</head><body><div id="root"></div></body></html>`;

function parseEml(raw: string): CapturedMail {
  const header = (name: string) =>
    raw.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
  return { to: header("To"), subject: header("Subject"), raw };
}

/**
 * `env` overrides the configuration (inbound SMTP listens on a free port unless it says
 * otherwise); `dnsResolver` answers inbound mail's authenticity look-ups (none by default; with
 * DNS_SERVERS in `env` the app's own resolver asks those servers) and website checks' addresses;
 * `linkCheckCa` is the certificate website checks trust (a test's own HTTPS server);
 * `sink` is the SMTP server SMTP_URL points at, whose mail the mailbox then reads; `webFiles`
 * are more files of the built web app beside its index.html (path → content);
 * `maxSocketsPerIp` lowers the /realtime cap per IP so a test can reach it; `logger` receives the
 * app's log (silent when not given); `redis` is the app's Redis client (rate limits and the
 * readiness check), none when not given; `limits` and `bus` replace the in-memory rate limits and
 * event bus (a Redis bus, for a test of many instances). The scheduled jobs' timers are off: tests run
 * `app.runUsernameLifecycle(now)`, `app.releaseHeldNames(now)`, `app.runEmailDigest(now)` and
 * `app.runProofSweep(now)` with
 * the clock they choose. `database.close()` may be called
 * before `close()` (a test of a dead database); it closes once. `database` is the database to run
 * on instead of a new one (a second instance on the same PostgreSQL database, a restored copy),
 * and `dataDir` the DATA_DIR to use instead of a new temp folder (one restored from a backup);
 * `close()` closes and removes both all the same. `onRequest` is one more hook, after the app's
 * own (statement-count.ts's `countRequests`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    dnsResolver?: DnsResolver;
    linkCheckCa?: string;
    sink?: SmtpSink;
    webFiles?: Record<string, string | Buffer>;
    maxSocketsPerIp?: number;
    logger?: FastifyBaseLogger;
    redis?: Redis;
    limits?: RateLimits;
    bus?: EventBus;
    dependencyWatchMs?: number;
    database?: Database;
    dataDir?: string;
    onRequest?: onRequestHookHandler;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "chtcht-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SMTP_INBOUND_PORT: "0",
    // Every test account is a moment old: the new-account limits stay off unless a test turns
    // them on (docs/safety.md "New accounts").
    NEW_ACCOUNT_DAYS: "0",
    ...env,
  });
  const opened = options.database ?? (await createTestDatabase());
  let closing: Promise<void> | null = null;
  const database: Database = {
    ...opened,
    close: () => {
      closing ??= opened.close();
      return closing;
    },
  };
  const logger = options.logger ?? pino({ level: "silent" });
  const mailDir = path.join(dataDir, "mail");
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    captureDir: mailDir,
    logger,
    logHints: false,
    dkim: config.dkim,
  });
  // A stand-in for the built web app, so page routes (history fallback, link previews) answer.
  const webDistDir = path.join(dataDir, "web");
  mkdirSync(webDistDir, { recursive: true });
  writeFileSync(path.join(webDistDir, "index.html"), TEST_INDEX_HTML);
  for (const [name, content] of Object.entries(options.webFiles ?? {})) {
    mkdirSync(path.dirname(path.join(webDistDir, name)), { recursive: true });
    writeFileSync(path.join(webDistDir, name), content);
  }
  const limits = options.limits ?? createRateLimits();
  const app = await buildApp({
    config,
    database,
    limits,
    mailer,
    logger,
    webDistDir,
    dnsResolver: options.dnsResolver ?? (config.dnsServers ? undefined : fakeDns({})),
    linkCheckCa: options.linkCheckCa,
    maxSocketsPerIp: options.maxSocketsPerIp,
    redis: options.redis,
    bus: options.bus,
    dependencyWatchMs: options.dependencyWatchMs,
    usernameLifecycleMs: 0,
    heldNamesReleaseMs: 0,
    emailDigestMs: 0,
    exportSweepMs: 0,
    proofSweepMs: 0,
    timelineSweepMs: 0,
    linkPreviewSweepMs: 0,
    mailDedupSweepMs: 0,
    federationSweepMs: 0,
  });
  if (options.onRequest) app.addHook("onRequest", options.onRequest);
  await app.ready();

  const all = () => {
    // With SMTP_URL at a test sink, the product's mail is read there instead of DATA_DIR/mail.
    if (options.sink) return options.sink.received.map(({ raw }) => parseEml(raw));
    let files: string[] = [];
    try {
      files = readdirSync(mailDir).sort();
    } catch {
      return [];
    }
    return files.map((file) => parseEml(readFileSync(path.join(mailDir, file), "utf8")));
  };
  const latestTo = (email: string) =>
    all()
      .filter((mail) => mail.to.includes(email))
      .at(-1);
  const mailedCodes = (email: string) =>
    all().flatMap((mail) => {
      const code = mail.to.includes(email) && mail.subject.match(/^(\d{6}) is your/)?.[1];
      return code ? [code] : [];
    });
  return {
    app,
    config,
    database,
    dataDir,
    limits,
    mailbox: {
      all,
      latestTo,
      codesTo: mailedCodes,
      async codeArrived(email, nth = 1) {
        const deadline = Date.now() + 10_000;
        for (let codes = mailedCodes(email); ; codes = mailedCodes(email)) {
          const code = codes[nth - 1];
          if (code) return code;
          if (Date.now() > deadline) throw new Error(`no code mail #${nth} to ${email}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    },
    async close() {
      await app.close();
      mailer.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
