// Local stand-ins for the production services, for integration tests: an S3 store (s3rver on a
// random loopback port, in its own folder) and probes for the machine's Redis and PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";

// s3rver ships no type declarations; this is the part of its API used here.
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const require = createRequire(import.meta.url);
const S3rver = require("s3rver") as S3rverClass;

export interface LocalS3 {
  endpoint: string;
  close(): Promise<void>;
}

/** An S3 server holding the given (empty) buckets; `close` also removes its folder. */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "chtcht-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export const testRedisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** The same Redis, database `index`: a test whose instances share its event stream and keys with
 * no other test file (Redis has 16 databases, 0 the default). */
export function testRedisDatabase(index: number): string {
  const url = new URL(testRedisUrl);
  url.pathname = `/${index}`;
  return url.toString();
}

/** Whether a Redis answers at `url`, found out within about a second. */
export async function redisReachable(url = testRedisUrl): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Why a test of several instances cannot run here (no Redis at `testRedisUrl`, no PostgreSQL at
 * `pgUrl`), or null when both answer. */
export async function whyNoRedisAndPostgres(pgUrl: string): Promise<string | null> {
  if (!(await redisReachable())) return `Redis is not reachable at ${testRedisUrl}`;
  const client = new pg.Client({ connectionString: pgUrl });
  try {
    await client.connect();
    return null;
  } catch {
    return `PostgreSQL is not reachable at ${pgUrl}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
