// Starts the real app in a child process (app-server.ts) and talks to it over IPC. Keeping the
// server in its own process means its RSS and CPU are its own, and on a 2-core machine the load
// generator and the server each get a core instead of sharing one event loop.
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_METRICS_TOKEN, type ChildMessage, type ParentMessage } from "./app-ipc";
import { databaseOf } from "./bench-db";
import { BENCH_SESSION_SECRET } from "./sessions";

export interface AppStats {
  rss: number;
  heapUsed: number;
  cpuUserMs: number;
  cpuSystemMs: number;
}

export interface RunningApp {
  url: string;
  port: number;
  /** The app process, whose CPU a bench may read from /proc. */
  pid: number;
  /** The name of the PostgreSQL database the app runs on (its backends' CPU: stats.ts). */
  database: string;
  /** The app's inbound SMTP server (docs/mail.md "Inbound"). */
  smtpPort: number;
  /** `gc`: after a full garbage collection, so heapUsed is what the app holds. */
  stats(options?: { gc?: boolean }): Promise<AppStats>;
  /** The cache_bytes gauge of /metrics: approximate bytes held per cache. */
  cacheBytes(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// The compiled app-server.ts, built as `npm start`'s server is (vite.server.config.ts `--mode
// bench`), so the benches measure the code production runs.
const SERVER_ENTRY = path.join(ROOT, "dist/bench/app-server.js");
// A slow machine's start, with PostgreSQL's pool and the city index, stays well inside this.
const START_TIMEOUT_MS = 300_000;
let built = false;

/** Builds dist/bench when it is missing or older than its sources; once a process. */
function ensureBuilt() {
  if (built) return;
  execFileSync(process.execPath, [path.join(ROOT, "scripts/ensure-build.mjs"), "--bench"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  built = true;
}
const REPLY_TIMEOUT_MS = 10_000;

export async function startApp(options: {
  databaseUrl: string;
  redisUrl?: string | undefined;
  poolSize?: number;
  /** DATABASE_READ_URLS of the app (docs/operations.md "Read replicas"). */
  readUrls?: string[];
  /** DNS_SERVERS of the app (inbound mail's SPF, DKIM and DMARC checks). */
  dnsServers?: string[];
  /** PUSH_ALLOW_PRIVATE of the app: the push bench's local push service. */
  pushAllowPrivate?: string;
  /** SMTP_URL of the app (mail is captured to files without it), and its DKIM key. */
  smtp?: { url: string; dkim?: { selector: string; privateKey: string } };
  /** The federation benches' net (bench-net.ts): the app's name there, and its fetch's routes by
   * name to loopback ports over TLS trusting `ca`. */
  net?: { host: string; routes: Record<string, number>; ca: string };
}): Promise<RunningApp> {
  ensureBuilt();
  const child: ChildProcess = fork(SERVER_ENTRY, [], {
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app (open it in Chrome DevTools);
    // BENCH_TRACE_GC=1 prints each of the app's garbage collections and its pause.
    execArgv: [
      "--expose-gc",
      // As `npm start` runs the server (package.json; docs/operations.md "Build").
      "--enable-source-maps",
      "--max-semi-space-size=32",
      ...(process.env.BENCH_TRACE_GC ? ["--trace-gc"] : []),
      ...(process.env.BENCH_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    env: {
      ...process.env,
      BENCH_APP_DATABASE_URL: options.databaseUrl,
      BENCH_APP_REDIS_URL: options.redisUrl ?? "",
      BENCH_APP_SESSION_SECRET: BENCH_SESSION_SECRET,
      BENCH_APP_POOL: String(options.poolSize ?? 10),
      BENCH_APP_READ_URLS: options.readUrls?.join(",") ?? "",
      BENCH_APP_DNS_SERVERS: options.dnsServers?.join(",") ?? "",
      BENCH_APP_PUSH_ALLOW_PRIVATE: options.pushAllowPrivate ?? "",
      BENCH_APP_SMTP_URL: options.smtp?.url ?? "",
      BENCH_APP_DKIM_SELECTOR: options.smtp?.dkim?.selector ?? "",
      BENCH_APP_DKIM_PRIVATE_KEY: options.smtp?.dkim?.privateKey ?? "",
      BENCH_NET_HOST: options.net?.host ?? "",
      BENCH_NET_ROUTES: JSON.stringify(options.net?.routes ?? {}),
      BENCH_NET_CA: options.net?.ca ?? "",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { port, smtpPort } = await new Promise<{ port: number; smtpPort: number }>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`the app did not start within ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      child.on("message", (message: ChildMessage) => {
        if (message.type === "ready") {
          clearTimeout(timer);
          resolve({ port: message.port, smtpPort: message.smtpPort });
        } else if (message.type === "error") {
          clearTimeout(timer);
          reject(new Error(`the app failed to start:\n${message.message}`));
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the app exited with code ${code} before it was ready`));
      });
    },
  );

  let nextId = 1;
  const post = (message: ParentMessage) => child.send(message);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    database: databaseOf(options.databaseUrl),
    smtpPort,
    cacheBytes: async () => {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
      });
      const text = await response.text();
      return Object.fromEntries(
        [...text.matchAll(/^chtcht_cache_bytes\{cache="(\w+)"\} (\d+)/gm)].map((m) => [
          m[1],
          Number(m[2]),
        ]),
      );
    },
    stats: (options = {}) =>
      new Promise<AppStats>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          reject(new Error("no stats reply from the app"));
        }, REPLY_TIMEOUT_MS);
        const onMessage = (message: ChildMessage) => {
          if (message.type !== "stats" || message.id !== id) return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(message);
        };
        child.on("message", onMessage);
        post({ type: "stats", id, gc: options.gc });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), REPLY_TIMEOUT_MS);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        post({ type: "stop" });
      }),
  };
}
