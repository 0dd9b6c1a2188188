// Liveness and readiness in-process (docs/operations.md "Start and stop"): /healthz answers from
// memory, even with the database closed; /readyz names this instance's own checks (its pool on
// PostgreSQL, its event loop, its search index), answers 503 naming the failing one, and 503 at
// once once the instance drains; the shared dependencies (the database, Redis and the object store
// when configured) are left to the `chtcht_dependency_up` gauge. S3 is s3rver on a random port;
// the Redis case that needs a server runs only when one answers at TEST_REDIS_URL
// (redis://127.0.0.1:6379 by default).
import { Redis, type RedisOptions } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test-support/child-server";
import { eventually } from "../test-support/interop-instance";
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
/** On PostgreSQL, /readyz also asks this instance's connection pool. */
const pool = process.env.TEST_DATABASE_URL ? { pool: "ok" } : {};

const get = (t: TestApp, url: string) => t.app.inject({ method: "GET", url });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const METRICS_TOKEN = "metrics-token-for-dependencies";
const metricsEnv = { METRICS_TOKEN };

/** `chtcht_dependency_up` by dependency, from /metrics (the watch runs every 100 ms in these
 * tests, so callers wait for a change with `eventually`). */
async function dependenciesUp(app: TestApp): Promise<Record<string, number>> {
  const res = await app.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    [...res.body.matchAll(/^chtcht_dependency_up\{dependency="(\w+)"\} (\d)$/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  );
}

const watched = (env: Record<string, string> = {}, options: { redis?: Redis } = {}) =>
  createTestApp({ ...metricsEnv, ...env }, { ...options, dependencyWatchMs: 100 });

describe("/healthz", () => {
  it("answers 200 from memory, uncached", async () => {
    const res = await get(t, "/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("still answers 200 with the database closed, which the dependency gauge shows", async () => {
    const dead = await watched();
    try {
      await eventually(async () => expect(await dependenciesUp(dead)).toEqual({ database: 1 }));
      await dead.database.close();
      const health = await get(dead, "/healthz");
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "ok" });
      await eventually(async () => expect(await dependenciesUp(dead)).toEqual({ database: 0 }));
    } finally {
      await dead.close();
    }
  });
});

describe("/readyz", () => {
  it("answers 200 naming each check of this instance's own when all pass", async () => {
    // An instance of its own: the apps these tests start share one event loop, and starting one
    // (the embedded database's migrations) holds it up for the others.
    const fresh = await createTestApp();
    try {
      const res = await get(fresh, "/readyz");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.json()).toEqual({
        status: "ok",
        checks: { ...pool, eventLoop: "ok", searchIndex: "ok" },
      });
    } finally {
      await fresh.close();
    }
  });

  it("is hidden from the API docs, like /healthz", async () => {
    const res = await get(t, "/api/docs/json");
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).not.toContain("/readyz");
    expect(paths).not.toContain("/healthz");
  });

  it("fails once this instance's event loop was held up past 1 s", async () => {
    const stalled = await createTestApp();
    try {
      const until = Date.now() + 1_300;
      while (Date.now() < until);
      // The loop turns again (the next probe comes later): the delay is measured.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await get(stalled, "/readyz");
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        checks: { ...pool, eventLoop: "failed", searchIndex: "ok" },
      });
    } finally {
      await stalled.close();
    }
  });

  it("leaves the S3 bucket to the dependency gauge: a missing bucket keeps /readyz at 200", async () => {
    const local = await startLocalS3(["chtcht-media"]);
    const s3 = (bucket: string) => ({
      S3_ENDPOINT: local.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    const withBucket = await watched(s3("chtcht-media"));
    const withoutBucket = await watched(s3("no-such-bucket"));
    try {
      await eventually(async () =>
        expect(await dependenciesUp(withBucket)).toEqual({ database: 1, objectStore: 1 }),
      );
      await eventually(async () =>
        expect(await dependenciesUp(withoutBucket)).toEqual({ database: 1, objectStore: 0 }),
      );
      const ready = await get(withoutBucket, "/readyz");
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks).toEqual({ ...pool, eventLoop: "ok", searchIndex: "ok" });
    } finally {
      await withBucket.close();
      await withoutBucket.close();
      await local.close();
    }
  });

  it("leaves Redis to the dependency gauge: an unreachable one keeps /readyz at 200", async () => {
    const redis = await connectedRedis(`redis://127.0.0.1:${await freePort()}`);
    const app = await watched({}, { redis });
    try {
      await eventually(async () =>
        expect(await dependenciesUp(app)).toEqual({ database: 1, redis: 0 }),
      );
      const started = Date.now();
      const res = await get(app, "/readyz");
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  it.runIf(redisUp)("shows Redis up on the gauge when it answers PING", async () => {
    const redis = await connectedRedis(redisUrl);
    const app = await watched({}, { redis });
    try {
      await eventually(async () =>
        expect(await dependenciesUp(app)).toEqual({ database: 1, redis: 1 }),
      );
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
