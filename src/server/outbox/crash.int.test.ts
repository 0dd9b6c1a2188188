// Fault injection (docs/outbox.md "Crashes"): the real server process is killed with SIGKILL at
// random moments while a username purchase, a message and a moderation action are in flight,
// 12 times, and restarted on the same database each time. Then: every acknowledged change is
// there; every change that committed (acknowledged or not) has its e-mail exactly once (captured
// mail is one file per Message-ID) and its realtime event at least once (read on Redis, where the
// instance publishes every event); no outbox row is left. Runs on the embedded database, and on
// PostgreSQL in the PostgreSQL pass.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, fromPglite, fromPostgres, pgliteExtensions, queryRows } from "../db/client";
import {
  type ChildAccount,
  type ChildServer,
  freePort,
  requester,
  signUp,
  startServer,
  stopServer,
} from "../test-support/child-server";
import { redisReachable, testRedisUrl } from "../test-support/local-services";
import { makeOutboxDue } from "../test-support/outbox-rows";
import { random } from "../test-support/random";
import { createPostgresDatabase } from "../test-support/test-db";

const redisUrl = testRedisUrl;
const pgServer = process.env.TEST_DATABASE_URL;
const LIVES = 12;
const ADMIN = `crash.admin.${Date.now()}@example.com`;
const METRICS_TOKEN = "crash-test-metrics-token";

const skip = !(await redisReachable());
if (skip) console.warn(`crash test skipped: Redis is not reachable at ${redisUrl}`);

interface Cast {
  buyer: ChildAccount;
  sender: ChildAccount;
  recipient: ChildAccount;
  target: ChildAccount;
}

interface Acknowledged {
  names: { buyer: ChildAccount; name: string }[];
  messages: { id: string; recipient: ChildAccount }[];
  suspended: ChildAccount[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Captured mail by recipient and subject: one file is one distinct message. */
function mailsTo(dataDir: string, email: string, subjectStart: string): number {
  const dir = path.join(dataDir, "mail");
  return readdirSync(dir)
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .filter(
      (raw) =>
        raw.match(/^To: (.*)$/m)?.[1]?.includes(email) &&
        raw.match(/^Subject: (.*)$/m)?.[1]?.startsWith(subjectStart),
    ).length;
}

describe.skipIf(skip)("kill -9 during a purchase, a message and a moderation action", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-crash-"));
  const events: { type: string; userId?: string; message?: { id: string } }[] = [];
  let subscriber: Redis;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let server: ChildServer;
  let start: () => Promise<ChildServer>;
  /** The instance's database, opened by the test while no instance runs. */
  let openDatabase: () => Promise<Database>;

  beforeAll(async () => {
    subscriber = new Redis(redisUrl);
    subscriber.on("message", (_channel: string, text: string) => {
      events.push((JSON.parse(text) as { event: (typeof events)[number] }).event);
    });
    await subscriber.subscribe("chtcht:events");
    postgres = pgServer ? await createPostgresDatabase(pgServer) : null;
    const port = await freePort();
    const env = {
      REDIS_URL: redisUrl,
      ADMIN_EMAILS: ADMIN,
      METRICS_TOKEN,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    start = () => startServer({ port, dataDir, env });
    openDatabase = async () =>
      postgres
        ? fromPostgres(postgres.url, 1)
        : fromPglite(
            await PGlite.create(path.join(dataDir, "db"), { extensions: pgliteExtensions() }),
          );
    server = await start();
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServer(server, "SIGKILL");
    subscriber?.disconnect();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("keeps every acknowledged change, mails each committed one once and announces it", async () => {
    const admin = await signUp(server, "crashadmin", ADMIN);
    const casts: Cast[] = [];
    for (let i = 0; i < LIVES; i++) {
      const [buyer, sender, recipient, target] = await Promise.all(
        ["buyer", "sender", "recipient", "target"].map((role) => signUp(server, `c${i}${role}`)),
      );
      casts.push({ buyer, sender, recipient, target } as Cast);
    }
    const acked: Acknowledged = { names: [], messages: [], suspended: [] };
    const next = random(23);
    // Kills land anywhere from before the first statement to after the last answer: the window
    // is 1.5 times the longest the three took when they were let finish (a first, uncounted round,
    // then every round that finished before its kill). Every counted round runs on a server just
    // started, so the uncounted one does too: a cold start is slower than a warm one.
    const warmUp = await warmUpCast(server);
    await stopServer(server, "SIGKILL");
    server = await start();
    let windowMs = 0;
    let cutShort = 0;
    for (let i = -1; i < LIVES; i++) {
      const cast = (i < 0 ? warmUp : casts[i]) as Cast;
      const as = (who: ChildAccount) =>
        requester(server, { cookie: who.cookie, ip: `10.9.${i}.1` });
      const name = i < 0 ? "warmup" : `crash${i}`;
      const purchase = async () => {
        const checkout = await as(cast.buyer)("POST", "/api/usernames/checkout", { name });
        if (checkout.status !== 200) return;
        const id = ((await checkout.json()) as { url: string }).url.split("/").at(-1);
        const paid = await as(cast.buyer)("POST", `/api/payments/test/checkouts/${id}/pay`, {
          outcome: "paid",
        });
        if (paid.status === 200) acked.names.push({ buyer: cast.buyer, name });
      };
      const message = async () => {
        const sent = await as(cast.sender)("POST", "/api/mail/send", {
          to: `${cast.recipient.handle}@chtcht.local`,
          subject: `Crash ${i}`,
          body: `Message ${i} before the crash`,
        });
        if (sent.status !== 201) return;
        const { message: view } = (await sent.json()) as { message: { id: string } };
        acked.messages.push({ id: view.id, recipient: cast.recipient });
      };
      const moderation = async () => {
        const done = await as(admin)("POST", "/api/admin/actions", {
          targetType: "profile",
          targetId: cast.target.id,
          action: "suspend",
          reason: "Crash test",
        });
        if (done.status === 200) acked.suspended.push(cast.target);
      };
      const began = Date.now();
      const inFlight = Promise.allSettled([purchase(), message(), moderation()]).then(() => {
        windowMs = Math.max(windowMs, (Date.now() - began) * 1.5);
      });
      if (i < 0) {
        await inFlight;
        continue;
      }
      const before = ackCount(acked);
      await sleep(Math.floor(next() * windowMs));
      await stopServer(server, "SIGKILL");
      await inFlight;
      if (ackCount(acked) - before < 3) cutShort++;
      server = await start();
    }
    // What a killed instance had claimed waits out its 30 s lease, events left behind their 15 s
    // grace (docs/outbox.md). Rather than wait, the clock moves past them: every row is made due,
    // and the next instance's first drain sends them.
    await stopServer(server, "SIGTERM");
    const paused = await openDatabase();
    await makeOutboxDue(paused.db);
    await paused.close();
    server = await start();
    await outboxEmptied(server);
    const seen = (predicate: (e: (typeof events)[number]) => boolean) => events.some(predicate);
    await stopServer(server, "SIGTERM");

    const database = await openDatabase();
    try {
      const db = database.db;
      const names = await queryRows<{ user_id: string; name: string }>(
        db,
        sql`select user_id, name from username_subscriptions where status = 'active'`,
      );
      const messages = await queryRows<{ id: string; thread_id: string }>(
        db,
        sql`select id, thread_id from chat_messages`,
      );
      const suspended = await queryRows<{ user_id: string }>(
        db,
        sql`select user_id from profiles where suspended_at is not null`,
      );
      const left = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from outbox`);

      for (const { buyer, name } of acked.names) {
        expect(names).toContainEqual({ user_id: buyer.id, name });
      }
      for (const { id } of acked.messages) expect(messages.map((m) => m.id)).toContain(id);
      for (const person of acked.suspended) {
        expect(suspended.map((s) => s.user_id)).toContain(person.id);
      }
      for (const cast of casts) {
        const owns = names.some((n) => n.user_id === cast.buyer.id);
        expect(mailsTo(dataDir, cast.buyer.email, "Receipt:")).toBe(owns ? 1 : 0);
        const got = messages.length > 0 && (await threadWith(db, cast.recipient.id)) > 0;
        expect(mailsTo(dataDir, cast.recipient.email, "New message from")).toBe(got ? 1 : 0);
        const isSuspended = suspended.some((s) => s.user_id === cast.target.id);
        expect(mailsTo(dataDir, cast.target.email, "A moderator reviewed")).toBe(
          isSuspended ? 1 : 0,
        );
        if (isSuspended) {
          expect(seen((e) => e.type === "account.suspended" && e.userId === cast.target.id)).toBe(
            true,
          );
        }
        if (owns) {
          expect(seen((e) => e.type === "profile.changed" && e.userId === cast.buyer.id)).toBe(
            true,
          );
        }
      }
      for (const { id } of messages) expect(seen((e) => e.message?.id === id)).toBe(true);
      expect(left[0]?.n).toBe(0);
      console.info(
        `crash test: ${LIVES} kills, ${cutShort} cut work short; acknowledged ${acked.names.length} purchases, ${acked.messages.length} messages, ${acked.suspended.length} suspensions; committed ${names.length} names, ${messages.length} messages, ${suspended.length} suspensions`,
      );
      // The kills did land inside the work: some rounds were cut off before every answer came.
      expect(cutShort).toBeGreaterThan(0);
      expect(ackCount(acked)).toBeGreaterThan(3);
    } finally {
      await database.close();
    }
  }, 900_000);
});

const ackCount = (acked: Acknowledged) =>
  acked.names.length + acked.messages.length + acked.suspended.length;

/** People for the uncounted first round, which measures how long the work takes. */
async function warmUpCast(server: ChildServer): Promise<Cast> {
  const [buyer, sender, recipient, target] = await Promise.all(
    ["buyer", "sender", "recipient", "target"].map((role) => signUp(server, `warm${role}`)),
  );
  return { buyer, sender, recipient, target } as Cast;
}

/** Waits (up to 30 s) until the instance's /metrics shows no outbox row pending. */
async function outboxEmptied(server: ChildServer): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const pending = (await metrics.text()).match(
      /^chtcht_outbox_messages\{state="pending"\} (\d+)$/m,
    );
    if (pending?.[1] === "0") return;
    await sleep(100);
  }
  throw new Error("the outbox still holds pending rows 30 s after the last start");
}

/** Messages stored in threads this person is a member of. */
async function threadWith(db: Database["db"], userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from chat_messages m
        join chat_thread_members t on t.thread_id = m.thread_id and t.user_id = ${userId}`,
  );
  return row?.n ?? 0;
}
