// A Redis that came back empty (docs/social-and-realtime.md "Realtime"): its history is gone, and
// with it any event appended but not yet read by an instance. The instance's reader takes the new
// epoch as it reconnects, its caches kept by events are forgotten, and each open socket is given
// the new epoch and told to refetch before any event of the new history; a client resuming from
// the old history is told to refetch. Redis is a redis-server of the test's own, killed and
// started again empty.
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../infra/redis";
import { createAccount } from "../test-support/accounts";
import { hasRedisServer, type OwnRedis, startOwnRedis } from "../test-support/redis-server";
import { follow, inject, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { connectRealtime } from "../test-support/ws-client";
import { createRedisBus, type EventBus } from "./bus";

const METRICS_TOKEN = "metrics-token-for-the-restart-test";

describe.skipIf(!(await hasRedisServer()))("a Redis that came back empty", () => {
  let redis: OwnRedis;
  let client: Redis;
  let bus: EventBus;
  let t: TestApp;
  let baseUrl: string;
  let resets = 0;

  beforeAll(async () => {
    redis = await startOwnRedis();
    client = (await connectRedis(redis.url)) as Redis;
    client.on("error", () => {});
    bus = await createRedisBus(client, () => {});
    bus.onReset(() => {
      resets += 1;
    });
    t = await createTestApp({ METRICS_TOKEN }, { bus });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await bus?.close();
    client?.disconnect();
    await redis?.close();
  });

  const feedReaders = async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return Number(/^chtcht_feed_cache_readers (\d+)/m.exec(res.body)?.[1]);
  };

  it("gives open sockets the new epoch and a refetch before the new history, and forgets the caches", async () => {
    const [person, friend] = await Promise.all([createAccount(t), createAccount(t)]);
    await follow(t, person, friend);
    const live = await connectRealtime(baseUrl, person.cookie);
    const ready = await live.waitFor((m) => m.type === "ready");
    if (ready.type !== "ready") throw new Error("no ready");
    await publish(t, friend, "before the restart");
    await live.waitFor((m) => m.type === "post.created");
    const heard = live.received.at(-1)?.seq as string;
    await inject(t, person, "GET", "/api/feed");
    expect(await feedReaders()).toBeGreaterThan(0);

    await redis.kill();
    await redis.start();
    const renewed = await live.waitFor(
      (m) => m.type === "ready" && m.epoch !== ready.epoch,
      15_000,
    );
    if (renewed.type !== "ready") throw new Error("no new ready");
    const at = live.received.findIndex((m) => m.type === "ready" && m.epoch === renewed.epoch);
    expect(live.received[at + 1]).toEqual({ type: "refetch", reason: "unknown" });
    expect(resets).toBe(1);
    expect(await feedReaders()).toBe(0);

    // The app's own commands answer again once its connection is back.
    while (client.status !== "ready") await delay(50);
    await publish(t, friend, "after the restart");
    await live.waitFor((m) => m.type === "post.created" && m.post.content === "after the restart");
    const order = live.received.map((m) => m.type);
    expect(order.slice(order.lastIndexOf("ready"))).toEqual(["ready", "refetch", "post.created"]);
    live.close();

    // A client resuming from the history before is told to refetch.
    const resumed = await connectRealtime(baseUrl, person.cookie, {
      query: { epoch: ready.epoch, after: heard },
    });
    try {
      expect(await resumed.waitFor((m) => m.type === "refetch")).toEqual({
        type: "refetch",
        reason: "unknown",
      });
      expect(resumed.received[0]).toMatchObject({ type: "ready", epoch: renewed.epoch });
    } finally {
      resumed.close();
    }
  }, 60_000);
});
