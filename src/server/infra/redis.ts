// One Redis connection when REDIS_URL is set: rate limits, the realtime bus, the instances' probes
// (docs/operations.md "Redis"). Redis may blink: once connected, the client reconnects in the
// background for as long as the process runs, and while it is away each command fails at once
// (no offline queue), so a caller falls back or answers 503 instead of waiting.
import { Redis, type RedisOptions, ReplyError } from "ioredis";

/** Redis Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): the sentinels to ask, and the name of
 * the primary they watch; REDIS_URL then gives only the password, database and TLS. */
export interface RedisSentinel {
  sentinels: { host: string; port: number }[];
  name: string;
}

/** Waits between reconnection attempts: 100 ms, 200 ms… then every second. */
const reconnectDelayMs = (attempt: number) => Math.min(attempt * 100, 1_000);
/** A command Redis does not answer within this fails, as one to a Redis that is away. */
const COMMAND_TIMEOUT_MS = 2_000;

export function redisOptions(url: string, sentinel?: RedisSentinel): RedisOptions {
  const tls = new URL(url).protocol === "rediss:";
  return {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
    ...(sentinel
      ? { sentinels: sentinel.sentinels, name: sentinel.name, enableTLSForSentinelMode: tls }
      : {}),
  };
}

export async function connectRedis(
  url: string | undefined,
  sentinel?: RedisSentinel,
): Promise<Redis | undefined> {
  if (!url) return undefined;
  const redis = new Redis(url, redisOptions(url, sentinel));
  try {
    await redis.connect();
  } catch (error) {
    // A first connection that fails is not retried here: the start asks again (infra/start-wait.ts).
    redis.disconnect();
    throw error;
  }
  return redis;
}

/** What ioredis says when the connection is away, closed, timed out or not serving yet. */
const UNAVAILABLE_MESSAGES = [
  "Stream isn't writeable",
  "Connection is closed",
  "Command timed out",
  "Reached the max retries per request limit",
  "None of the sentinels are available",
];
const UNAVAILABLE_REPLIES = /^(LOADING|MASTERDOWN|READONLY|BUSY|TRYAGAIN)\b/;

/** A Redis command failed because Redis is away for now (a restart, a failover), not because of
 * the command: the request may be tried again shortly (http/error-handler.ts answers 503). */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof ReplyError) return UNAVAILABLE_REPLIES.test(error.message);
  return (
    error.name === "MaxRetriesPerRequestError" ||
    UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))
  );
}

/** Logs the connection going away (its first error) and coming back, not each reconnection
 * attempt; without an error listener ioredis would print each to the console. */
export function logRedisConnection(
  redis: Redis,
  log: { warn(fields: object, message: string): void; info(message: string): void },
): void {
  let reported = false;
  redis.on("error", (error: Error) => {
    if (reported) return;
    reported = true;
    log.warn({ err: error }, "Redis is away; reconnecting in the background");
  });
  redis.on("ready", () => {
    if (reported) log.info("Redis answers again");
    reported = false;
  });
}
