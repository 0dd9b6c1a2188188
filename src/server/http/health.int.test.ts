// Liveness and readiness in-process (docs/operations.md "Start and stop"): /healthz answers from
// memory, even with the database closed; /readyz names each dependency (the database, Redis and
// the object store when configured, the search index), answers 503 naming the failing one, and
// 503 at once once the instance drains. S3 is s3rver on a random port; the Redis case that needs
// a server runs only when one answers at TEST_REDIS_URL (redis://127.0.0.1:6379 by default).
import { Redis, type RedisOptions } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test-support/child-server";
import { redisReachable, startLocalS3, testRedisUrl } from "../test-support/local-services";
import { createTestApp, type TestApp } from "../test-support/test-app";

const redisUrl = testRedisUrl;
// Bounded, so a test never waits on a Redis that is not there.
const redisOptions: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1_000,
  retryStrategy: () => null,
};

async function connectedRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, redisOptions);
  redis.on("error", () => {});
  await redis.connect().catch(() => undefined);
  return redis;
}

const redisUp = await redisReachable(redisUrl);

const get = (t: TestApp, url: string) => t.app.inject({ method: "GET", url });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("/healthz", () => {
  it("answers 200 from memory, uncached", async () => {
    const res = await get(t, "/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("still answers 200 with the database closed, while /readyz names the database", async () => {
    const dead = await createTestApp();
    try {
      await dead.database.close();
      const health = await get(dead, "/healthz");
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "ok" });
      const ready = await get(dead, "/readyz");
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["cache-control"]).toBe("no-store");
      expect(ready.json()).toEqual({
        status: "unavailable",
        checks: { database: "failed", searchIndex: "ok" },
      });
    } finally {
      await dead.close();
    }
  });
});

describe("/readyz", () => {
  it("answers 200 naming each check when all answer", async () => {
    const res = await get(t, "/readyz");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ status: "ok", checks: { database: "ok", searchIndex: "ok" } });
  });

  it("is hidden from the API docs, like /healthz", async () => {
    const res = await get(t, "/api/docs/json");
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).not.toContain("/readyz");
    expect(paths).not.toContain("/healthz");
  });

  it("checks the S3 bucket when S3 is configured", async () => {
    const local = await startLocalS3(["chtcht-media"]);
    const s3 = (bucket: string) => ({
      S3_ENDPOINT: local.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    const withBucket = await createTestApp(s3("chtcht-media"));
    const withoutBucket = await createTestApp(s3("no-such-bucket"));
    try {
      const ok = await get(withBucket, "/readyz");
      expect(ok.statusCode).toBe(200);
      expect(ok.json().checks).toEqual({ database: "ok", objectStore: "ok", searchIndex: "ok" });
      const missing = await get(withoutBucket, "/readyz");
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toEqual({
        status: "unavailable",
        checks: { database: "ok", objectStore: "failed", searchIndex: "ok" },
      });
    } finally {
      await withBucket.close();
      await withoutBucket.close();
      await local.close();
    }
  });

  it("names Redis when its client cannot reach it", async () => {
    const redis = await connectedRedis(`redis://127.0.0.1:${await freePort()}`);
    const app = await createTestApp({}, { redis });
    try {
      const started = Date.now();
      const res = await get(app, "/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        checks: {
          database: "ok",
          redis: expect.stringMatching(/^(failed|timeout)$/),
          searchIndex: "ok",
        },
      });
      // Each check is bounded (2 s), so /readyz itself answers promptly.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  it.runIf(redisUp)("checks Redis with PING when the app has a client", async () => {
    const redis = await connectedRedis(redisUrl);
    const app = await createTestApp({}, { redis });
    try {
      const res = await get(app, "/readyz");
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: "ok", redis: "ok", searchIndex: "ok" });
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  // Last on the shared app: a drained instance stays drained.
  it("answers 503 at once after app.drain(), while /healthz still answers 200", async () => {
    const drained = t.app.drain();
    const ready = await get(t, "/readyz");
    expect(ready.statusCode).toBe(503);
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.json()).toEqual({ status: "draining" });
    const health = await get(t, "/healthz");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    // Nothing in flight: draining ends after its quiet second, and the instance stays drained.
    await drained;
    expect((await get(t, "/readyz")).statusCode).toBe(503);
  });
});
