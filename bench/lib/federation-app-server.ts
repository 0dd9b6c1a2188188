// Child-process entry for the federation benches (docs/performance.md "Federation"): the real app
// (buildApp on PostgreSQL, silent logger) as https://a.bench.test with FEDERATION_ALLOW_PRIVATE, its
// fetch routed by bench-net.ts to the other servers of the bench (sinks, senders) over TLS, so
// Fedify's deliveries and key fetches go over HTTPS to loopback. It speaks app-ipc.ts's protocol,
// like app-server.ts. Started by bench-net.ts's startFederatedApp; not meant to be run by hand.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { setGlobalDispatcher } from "undici";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { fromPostgres } from "../../src/server/db/client";
import { createMailer } from "../../src/server/infra/mailer";
import { createMemoryBus } from "../../src/server/realtime/bus";
import { BENCH_METRICS_TOKEN, type ChildMessage, type ParentMessage } from "./app-ipc";
import { assertLoopback } from "./bench-db";
import { BENCH_HOST, routingAgent } from "./bench-net";

const send = (message: ChildMessage) => process.send?.(message);

const databaseUrl = process.env.BENCH_APP_DATABASE_URL ?? "";
assertLoopback(databaseUrl, "database URL");
const routes = JSON.parse(process.env.BENCH_NET_ROUTES ?? "{}") as Record<string, number>;
const ca = process.env.BENCH_NET_CA ?? "";
setGlobalDispatcher(routingAgent(routes, ca));

const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-bench-fed-"));
try {
  const config = loadConfig({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    PUBLIC_URL: `https://${BENCH_HOST}`,
    MAIL_DOMAIN: BENCH_HOST,
    FEDERATION_ALLOW_PRIVATE: "true",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: process.env.BENCH_APP_SESSION_SECRET,
    // Each simulated server and reader has its own X-Forwarded-For address.
    TRUST_PROXY: "true",
    SMTP_INBOUND_PORT: "0",
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  });
  const logger = pino({ level: process.env.BENCH_APP_LOG ?? "silent" });
  const database = fromPostgres(databaseUrl, Number(process.env.BENCH_APP_POOL ?? 10));
  const bus = createMemoryBus();
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    captureDir: path.join(dataDir, "mail"),
    logger,
    logHints: false,
  });
  const app = await buildApp({ config, database, mailer, logger, bus });
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
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  const cpuAtStart = process.cpuUsage();
  process.on("message", (message: ParentMessage) => {
    if (message.type === "stop") void stop();
    if (message.type === "stats") {
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
