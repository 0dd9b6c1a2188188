// Admitting an instance to a shared PostgreSQL database (docs/operations.md "Many instances"):
// read before migrations, so nothing is written for a refused one; every instance must run with
// REDIS_URL, and with the same Redis, proved by the probe each keeps there. Runs in the PostgreSQL
// pass, with the Redis the tests use.
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromPostgres, queryRows } from "../db/client";
import { createPostgresDatabase } from "../test-support/test-db";
import { admitInstance, InstanceRefused, startHeartbeat } from "./instances";

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe.skipIf(!pgUrl)("admitting an instance to a shared database", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: ReturnType<typeof fromPostgres>;
  let redis: Redis;
  /** The same Redis server, another of its databases: as good as another Redis. */
  let otherRedis: Redis;
  const onError = (error: unknown) => {
    throw error;
  };

  beforeAll(async () => {
    created = await createPostgresDatabase(pgUrl as string);
    database = fromPostgres(created.url, 3);
    redis = new Redis(redisUrl);
    const other = new URL(redisUrl);
    other.pathname = "/1";
    otherRedis = new Redis(other.href);
  });
  afterAll(async () => {
    redis?.disconnect();
    otherRedis?.disconnect();
    await database?.close();
    await created?.drop();
  });

  const tables = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      )
    )[0]?.n;

  it("admits the first instance of a new database without writing anything", async () => {
    await admitInstance(database.db, { id: "host:1", redis });
    await admitInstance(database.db, { id: "host:1", redis: undefined });
    expect(await tables()).toBe(0);
    await database.migrate();
  });

  it("refuses to share with an instance without Redis, either way, naming REDIS_URL", async () => {
    const lone = await startHeartbeat(database.db, { id: "lone:1", redis: undefined, onError });
    await expect(admitInstance(database.db, { id: "host:2", redis })).rejects.toThrow(
      /Instance lone:1 runs without REDIS_URL and shares this database/,
    );
    await lone.stop();
    const withRedis = await startHeartbeat(database.db, { id: "a:1", redis, onError });
    await expect(admitInstance(database.db, { id: "host:2", redis: undefined })).rejects.toThrow(
      /Instance a:1 shares this database.*Set REDIS_URL/,
    );
    await withRedis.stop();
  });

  it("admits one on the same Redis, and refuses one on another Redis", async () => {
    const a = await startHeartbeat(database.db, { id: "a:1", redis, onError });
    try {
      await admitInstance(database.db, { id: "b:1", redis });
      const refused = admitInstance(database.db, {
        id: "c:1",
        redis: otherRedis,
        probeWaitMs: 1_500,
      });
      await expect(refused).rejects.toThrow(InstanceRefused);
      await expect(refused).rejects.toThrow(/a:1 shares this database but not this Redis/);
    } finally {
      await a.stop();
    }
  });

  it("waits for a probe that a Redis restarted empty lost, until the next beat puts it back", async () => {
    const a = await startHeartbeat(database.db, { id: "a:1", redis, onError });
    try {
      const key = "instance-probe:a:1";
      const probe = await redis.get(key);
      expect(probe).toMatch(/^[0-9a-f]{32}$/);
      expect(await redis.ttl(key)).toBeGreaterThan(50);
      await redis.del(key);
      setTimeout(() => void redis.set(key, probe as string, "EX", 60), 500);
      await admitInstance(database.db, { id: "b:1", redis, probeWaitMs: 5_000 });
    } finally {
      await a.stop();
    }
  });

  it("a clean stop removes the row and the probe, so the next instance is not held up", async () => {
    const a = await startHeartbeat(database.db, { id: "a:1", redis, onError });
    await a.stop();
    expect(await redis.get("instance-probe:a:1")).toBeNull();
    const rows = await queryRows(database.db, sql`select id from instances`);
    expect(rows).toEqual([]);
    await admitInstance(database.db, { id: "c:1", redis: otherRedis, probeWaitMs: 0 });
  });
});
