// Child-process entry that runs the real app (buildApp on PostgreSQL, silent logger) on
// 127.0.0.1 and a random port, so load generators and WebSocket clients run in another process.
// Talks to its parent over IPC: "ready" with the port; answers "stats" with RSS, heap and CPU
// (after a full garbage collection when asked); "stop". /metrics opens to BENCH_METRICS_TOKEN.
// For the federation benches (BENCH_NET_HOST set) it is https://{that host} with
// FEDERATION_ALLOW_PRIVATE, its fetch routed by bench-net.ts to the bench's other servers over TLS
// (docs/performance.md "Federation"). Compiled into dist/bench and started by app-process.ts; not
// meant to be run by hand.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { setGlobalDispatcher } from "undici";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { fromPostgres } from "../../src/server/db/client";
import { createMailer } from "../../src/server/infra/mailer";
import { connectRedis } from "../../src/server/infra/redis";
import { createMemoryBus, createRedisBus } from "../../src/server/realtime/bus";
import { BENCH_METRICS_TOKEN, type ChildMessage, type ParentMessage } from "./app-ipc";
import { assertLoopback } from "./bench-db";
import { routingAgent } from "./bench-net";

const send = (message: ChildMessage) => process.send?.(message);

const databaseUrl = process.env.BENCH_APP_DATABASE_URL ?? "";
const redisUrl = process.env.BENCH_APP_REDIS_URL || undefined;
assertLoopback(databaseUrl, "database URL");
if (redisUrl) assertLoopback(redisUrl, "REDIS_URL");
const netHost = process.env.BENCH_NET_HOST || undefined;
if (netHost) {
  const routes = JSON.parse(process.env.BENCH_NET_ROUTES ?? "{}") as Record<string, number>;
  setGlobalDispatcher(routingAgent(routes, process.env.BENCH_NET_CA ?? ""));
}

const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-bench-"));
try {
  const config = loadConfig({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    PUBLIC_URL: netHost ? `https://${netHost}` : "http://127.0.0.1",
    ...(netHost ? { MAIL_DOMAIN: netHost, FEDERATION_ALLOW_PRIVATE: "true" } : {}),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SESSION_SECRET: process.env.BENCH_APP_SESSION_SECRET,
    // The load comes from many simulated clients, each with its own X-Forwarded-For address.
    TRUST_PROXY: "true",
    // Inbound SMTP on a free loopback port, so a developer's `npm start` keeps 2525.
    SMTP_INBOUND_PORT: "0",
    DNS_SERVERS: process.env.BENCH_APP_DNS_SERVERS || undefined,
    PUSH_ALLOW_PRIVATE: process.env.BENCH_APP_PUSH_ALLOW_PRIVATE || undefined,
    SMTP_URL: process.env.BENCH_APP_SMTP_URL || undefined,
    DKIM_SELECTOR: process.env.BENCH_APP_DKIM_SELECTOR || undefined,
    DKIM_PRIVATE_KEY: process.env.BENCH_APP_DKIM_PRIVATE_KEY || undefined,
    CACHE_MEMORY_MB: process.env.CACHE_MEMORY_MB,
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    // The benchmarks measure answers, not the search budget: its counters still run on every
    // search, with ceilings no run reaches (docs/search.md "Search budget").
    SEARCH_PAGES_PER_HOUR: "1000000,1000000",
    SEARCH_PAGES_PER_DAY: "1000000,1000000",
    // The advanced search's engine (docs/search.md "Search engines"): the bench's SEARCH_ENGINE.
    SEARCH_ENGINE: process.env.SEARCH_ENGINE,
    // Its writers are accounts a moment old; the new-account budgets would refuse their load.
    NEW_ACCOUNT_DAYS: "0",
  });
  const logger = pino({ level: "silent" });
  // DATABASE_READ_URLS of the app: the replica bench's streaming replica.
  const readUrls = (process.env.BENCH_APP_READ_URLS ?? "").split(",").filter(Boolean);
  for (const url of readUrls) assertLoopback(url, "read replica URL");
  const database = fromPostgres(
    databaseUrl,
    Number(process.env.BENCH_APP_POOL ?? 10),
    undefined,
    readUrls.length > 0 ? { urls: readUrls } : undefined,
  );
  const redis = await connectRedis(config.redisUrl);
  const bus = redis
    ? await createRedisBus(redis, (error) => console.error("realtime bus error", error))
    : createMemoryBus();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    captureDir: path.join(dataDir, "mail"),
    logger,
    logHints: false,
    dkim: config.dkim,
  });
  const app = await buildApp({ config, database, mailer, logger, redis, bus });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await bus.close();
    mailer.close();
    await redis?.quit();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  const cpuAtStart = process.cpuUsage();
  process.on("message", (message: ParentMessage) => {
    if (message.type === "stop") void stop();
    if (message.type === "stats") {
      // Started with --expose-gc (app-process.ts): the heap then holds only what is reachable.
      if (message.gc) globalThis.gc?.();
      const cpu = process.cpuUsage(cpuAtStart);
      send({
        type: "stats",
        id: message.id,
        rss: process.memoryUsage().rss,
        heapUsed: process.memoryUsage().heapUsed,
        cpuUserMs: cpu.user / 1000,
        cpuSystemMs: cpu.system / 1000,
      });
    }
  });
  // The parent went away (crash, Ctrl-C): never outlive it.
  process.on("disconnect", () => void stop());
  send({ type: "ready", port, smtpPort: app.inboundSmtp.port });
} catch (error) {
  rmSync(dataDir, { recursive: true, force: true });
  send({
    type: "error",
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
}
