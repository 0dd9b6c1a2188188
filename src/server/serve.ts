// Reads the config, opens the database (migrations applied), starts the app; shuts down cleanly.
import { hostname } from "node:os";
import path from "node:path";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase, ping } from "./db/client";
import { webDistDir } from "./http/web-app";
import { createDnsResolver } from "./infra/dns-resolver";
import { admitInstance, type Heartbeat, InstanceRefused, startHeartbeat } from "./infra/instances";
import { createMailer } from "./infra/mailer";
import { connectRedis, logRedisConnection } from "./infra/redis";
import { DependencyUnavailable, waitForDependency } from "./infra/start-wait";
import { installRemoteFetches } from "./modules/federation/remote-fetches";
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
// The process's fetch is how the federation reaches other servers: its deadlines, and the address
// checks at each connection (modules/federation/remote-fetches.ts).
installRemoteFetches({
  seconds: config.federation.fetchSeconds,
  allowPrivate: config.federation.allowPrivate,
  resolver: createDnsResolver(config.dnsServers),
});
const logger = pino({
  level: process.env.LOG_LEVEL ?? (config.env === "test" ? "warn" : "info"),
  ...(config.env === "development" && process.stdout.isTTY
    ? { transport: { target: "pino-pretty" } }
    : {}),
});

const waitLog = { warn: (fields: object, message: string) => logger.warn(fields, message) };
const waitFor = <T>(name: string, attempt: () => Promise<T>) =>
  waitForDependency(name, attempt, { seconds: config.startWaitSeconds, log: waitLog });

/** A start that cannot go on says why in one line (docs/operations.md "Start and stop"), closes
 * what it opened, and the caller exits 1. */
async function refuseStart(message: string, close: () => Promise<void>): Promise<void> {
  console.error(message);
  await close();
}

let redis: Awaited<ReturnType<typeof connectRedis>>;
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  redis = await waitFor("Redis", () => connectRedis(config.redisUrl, config.redisSentinel));
  if (redis) {
    logRedisConnection(redis, {
      warn: (fields, message) => logger.warn(fields, message),
      info: (message) => logger.info(message),
    });
  }
  database = await waitFor("the database", async () => {
    const opened = await openDatabase({
      databaseUrl: config.databaseUrl,
      readUrls: config.databaseReadUrls,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
      onError: (error) => logger.error({ err: error }, "database connection failed"),
    });
    try {
      await ping(opened.db);
    } catch (error) {
      await opened.close();
      throw error;
    }
    return opened;
  });
} catch (error) {
  if (!(error instanceof DependencyUnavailable)) throw error;
  await refuseStart(error.message, async () => {
    redis?.disconnect();
  });
  process.exit(1);
}
const instanceId = `${hostname()}:${config.port}`;
if (database.kind === "postgres") {
  // Before migrations: an instance that may not share this database changes nothing in it.
  try {
    await admitInstance(database.db, { id: instanceId, redis });
  } catch (error) {
    if (!(error instanceof InstanceRefused)) throw error;
    await refuseStart(error.message, async () => {
      await database.close();
      redis?.disconnect();
    });
    process.exit(1);
  }
}
await database.migrate();
logger.info({ database: database.kind }, "database ready, migrations applied");
if (database.kind === "pglite") {
  // PGlite's file system never reaches fsync (README.md "Quick start").
  logger.warn(
    { dataDir: config.dataDir },
    'the embedded database does not fsync: a power cut or a crash of the machine (not of this process) may lose the last seconds of writes or damage DATA_DIR/db; for production set DATABASE_URL and move the data with `npm run migrate-to-postgres` (docs/operations.md "From embedded to PostgreSQL")',
  );
}
const heartbeat: Heartbeat | null =
  database.kind === "postgres"
    ? await startHeartbeat(database.db, {
        id: instanceId,
        redis,
        onError: (error) => logger.error({ err: error }, "instance heartbeat failed"),
      })
    : null;
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
    await heartbeat?.stop();
    await redis?.quit();
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
