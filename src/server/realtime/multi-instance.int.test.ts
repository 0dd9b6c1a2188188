// Two app processes on different ports share PostgreSQL and Redis, as behind a load balancer:
// a follow made through instance A reaches a WebSocket client connected to instance B.
import { rmSync } from "node:fs";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, signUp, startServer, stopServer } from "../test-support/child-server";
import { createPostgresDatabase } from "../test-support/test-db";
import { connectRealtime } from "../test-support/ws-client";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function reachable(): Promise<string | null> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `Redis is not reachable at ${redisUrl}`;
  } finally {
    redis.disconnect();
  }
  const client = new pg.Client({ connectionString: pgUrl });
  try {
    await client.connect();
  } catch {
    return `PostgreSQL is not reachable at ${pgUrl}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  return null;
}

const skipReason = await reachable();
if (skipReason) console.warn(`multi-instance realtime test skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(
  "realtime across two app instances (PostgreSQL + Redis)",
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let a: ChildServer;
    let b: ChildServer;
    const startInstance = (databaseUrl: string) =>
      startServer({ env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } });
    const stopInstance = async (instance: ChildServer) => {
      await stopServer(instance);
      rmSync(instance.dataDir, { recursive: true, force: true });
    };
    const signedInUser = (instance: ChildServer) => signUp(instance, "multi");

    beforeAll(async () => {
      database = await createPostgresDatabase(pgUrl);
      a = await startInstance(database.url);
      b = await startInstance(database.url);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
      await database?.drop();
    }, 60_000);

    it("delivers a follow made on instance A to a client on instance B within 1 s", async () => {
      const follower = await signedInUser(a);
      const followed = await signedInUser(a);
      const socket = await connectRealtime(b.url, followed.cookie);
      try {
        await socket.waitFor((m) => m.type === "ready");
        const started = Date.now();
        const res = await fetch(`${a.url}/api/follows/toggle`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: follower.cookie },
          body: JSON.stringify({ targetUserId: followed.id }),
        });
        expect(res.status).toBe(200);
        const message = await socket.waitFor((m) => m.type === "follow.changed", 1000);
        expect(message).toEqual({
          type: "follow.changed",
          followerId: follower.id,
          followingId: followed.id,
          following: true,
        });
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        socket.close();
      }
    });

    it("ends a session on instance B when it is signed out on instance A", async () => {
      const person = await signedInUser(a);
      const feed = () => fetch(`${b.url}/api/feed`, { headers: { cookie: person.cookie } });
      expect((await feed()).status).toBe(200); // B's session cache now holds the cookie
      const logout = await fetch(`${a.url}/api/auth/logout`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: person.cookie },
        body: "{}",
      });
      expect(logout.status).toBe(200);
      const deadline = Date.now() + 1000;
      let status = (await feed()).status;
      while (status !== 401 && Date.now() < deadline) status = (await feed()).status;
      expect(status).toBe(401);
    });

    it("refuses an instance without REDIS_URL on the same database, naming the variable", async () => {
      const lone = startServer({ env: { DATABASE_URL: database.url } });
      await expect(lone).rejects.toThrow(/instance exited: .*REDIS_URL/s);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ redis: boolean }>("select redis from instances");
        expect(rows.map((r) => r.redis)).toEqual([true, true]);
      } finally {
        await client.end();
      }
    });
  },
);

describe.skipIf(skipReason !== null)("two instances on one database without Redis", () => {
  it("the second refuses to start, and starts once the first has stopped", async () => {
    const database = await createPostgresDatabase(pgUrl);
    const first = await startServer({ env: { DATABASE_URL: database.url } });
    try {
      await expect(startServer({ env: { DATABASE_URL: database.url } })).rejects.toThrow(
        /instance exited: .*REDIS_URL/s,
      );
      await stopServer(first);
      const second = await startServer({ env: { DATABASE_URL: database.url } });
      await stopServer(second);
    } finally {
      await stopServer(first);
      rmSync(first.dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
