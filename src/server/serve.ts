// Reads the config, opens the database (migrations applied), starts the app; shuts down cleanly.
import { hostname } from "node:os";
import path from "node:path";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { webDistDir } from "./http/web-app";
import { type Heartbeat, SharedWithoutRedis, startHeartbeat } from "./infra/instances";
import { createMailer } from "./infra/mailer";
import { connectRedis } from "./infra/redis";
import { createMemoryBus, createRedisBus } from "./realtime/bus";

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfigOrExit();
const logger = pino({
  level: process.env.LOG_LEVEL ?? (config.env === "test" ? "warn" : "info"),
  ...(config.env === "development" && process.stdout.isTTY
    ? { transport: { target: "pino-pretty" } }
    : {}),
});

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  poolSize: config.databasePoolSize,
  dataDir: config.dataDir,
  onError: (error) => logger.error({ err: error }, "idle database connection failed"),
});
await database.migrate();
logger.info({ database: database.kind }, "database ready, migrations applied");
let heartbeat: Heartbeat | null = null;
if (database.kind === "postgres") {
  try {
    heartbeat = await startHeartbeat(database.db, {
      id: `${hostname()}:${config.port}`,
      redis: config.redisUrl !== undefined,
      onError: (error) => logger.error({ err: error }, "instance heartbeat failed"),
    });
  } catch (error) {
    if (!(error instanceof SharedWithoutRedis)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(1);
  }
}
const redis = await connectRedis(config.redisUrl);
const bus = redis
  ? await createRedisBus(redis, (error) => logger.error({ err: error }, "realtime bus error"))
  : createMemoryBus((error) => logger.error({ err: error }, "event handler failed"));
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  captureDir: path.join(config.dataDir, "mail"),
  logger,
  // Codes and links in the log only where mail is captured to DATA_DIR/mail, never with SMTP.
  logHints: config.smtpUrl === undefined,
  dkim: config.dkim,
});
const app = await buildApp({ config, database, mailer, logger, redis, bus, webDistDir });
await app.listen({ port: config.port, host: config.host });
logger.info(
  { msSinceProcessStart: Math.round(process.uptime() * 1000), url: config.publicUrl },
  `${config.siteName} is ready`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: draining, finishing in-flight requests");
  const force = setTimeout(() => {
    logger.error("shutdown took too long; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    // Draining first: /readyz answers 503 at once while requests in flight finish, then the
    // server stops listening (docs/operations.md "Start and stop").
    await app.drain();
    await app.close();
    await bus.close();
    mailer.close();
    await redis?.quit();
    await heartbeat?.stop();
    await database.close();
    logger.info("stopped cleanly");
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "error during shutdown");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
