// A Redis restart under load (docs/operations.md "Redis"): the app's Redis (rate limits, the bus)
// is a redis-server of this test's own, killed for 3 s mid-load and started again empty on the
// same port, while a second instance's bus listens on it. No answer is a 500; every read is a
// 200; a write succeeds or answers 503 with Retry-After; once Redis is back the budgets are
// counted there again. Events appended before the kill that the other instance had not read yet
// went with Redis's history: it is told so once (a reset, realtime/bus.ts), and every event of a
// write sent after the kill reaches it after that.
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { createRedisBus, type EventBus } from "../realtime/bus";
import type { DomainEvent } from "../realtime/events";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { hasRedisServer, type OwnRedis, startOwnRedis } from "../test-support/redis-server";
import { inject, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { createRateLimits } from "./rate-limit";
import { connectRedis } from "./redis";

interface Answer {
  kind: "read" | "post" | "like" | "follow";
  /** When the request was sent. */
  at: number;
  status: number;
  retryAfter: string | undefined;
  body: string;
}

const OUTAGE_MS = 3_000;

describe.skipIf(!(await hasRedisServer()))("a Redis restart under load", () => {
  let redis: OwnRedis;
  let appRedis: Redis;
  let otherRedis: Redis;
  let checkRedis: Redis;
  let appBus: EventBus;
  let otherBus: EventBus;
  let t: TestApp;
  /** The events the other instance heard after its reset. */
  const heard: DomainEvent[] = [];
  let otherResets = 0;
  /** The load runs while this is true; a failed test stops it before the app closes. */
  let loading = false;
  let load: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    redis = await startOwnRedis();
    appRedis = (await connectRedis(redis.url)) as Redis;
    appRedis.on("error", () => {});
    appBus = await createRedisBus(appRedis, () => {});
    t = await createTestApp(
      {},
      { redis: appRedis, bus: appBus, limits: createRateLimits(appRedis) },
    );
    otherRedis = (await connectRedis(redis.url)) as Redis;
    otherRedis.on("error", () => {});
    otherBus = await createRedisBus(otherRedis, () => {});
    otherBus.subscribe((event) => {
      if (otherResets > 0) heard.push(event);
    });
    otherBus.onReset(() => {
      otherResets += 1;
    });
    checkRedis = (await connectRedis(redis.url)) as Redis;
    checkRedis.on("error", () => {});
  }, 120_000);

  afterAll(async () => {
    loading = false;
    await load.catch(() => undefined);
    await t?.close();
    await appBus?.close().catch(() => {});
    await otherBus?.close().catch(() => {});
    for (const client of [appRedis, otherRedis, checkRedis]) client?.disconnect();
    await redis?.close();
  }, 60_000);

  const readyAgain = async (client: Redis) => {
    const deadline = Date.now() + 15_000;
    while (client.status !== "ready") {
      if (Date.now() > deadline) throw new Error(`Redis client is ${client.status}`);
      await delay(50);
    }
  };

  it("answers no 500, keeps reads at 200, and loses no event of a committed write", async () => {
    const [author, liker, follower, followed, latecomer, target] = await Promise.all(
      ["author", "liker", "follower", "followed", "latecomer", "target"].map((label) =>
        createAccount(t, { label }),
      ),
    );
    const [a, b, c, d, e, f] = [author, liker, follower, followed, latecomer, target] as [
      TestAccount,
      TestAccount,
      TestAccount,
      TestAccount,
      TestAccount,
      TestAccount,
    ];
    const post = await publish(t, a, "A post everyone reads during the outage");
    // Budgets live in this Redis before the outage.
    await inject(t, a, "GET", "/api/feed");
    expect(
      Number(await checkRedis.get(`rl:readsPerAccount:${a.userId.toLowerCase()}`)),
    ).toBeGreaterThan(0);

    const answers: Answer[] = [];
    const record = async (kind: Answer["kind"], request: ReturnType<typeof inject>) => {
      const at = Date.now();
      const res = await request;
      answers.push({
        kind,
        at,
        status: res.statusCode,
        retryAfter: res.headers["retry-after"] as string | undefined,
        body: res.body,
      });
      return res;
    };
    loading = true;
    const posted: { id: string; at: number }[] = [];
    const loop = async (step: (n: number) => Promise<unknown>) => {
      for (let n = 0; loading; n++) {
        await step(n);
        await delay(60);
      }
    };
    load = Promise.all([
      loop(() => record("read", inject(t, b, "GET", "/api/feed"))),
      loop(() => record("read", inject(t, c, "GET", `/api/posts/${post.id}`))),
      loop(() => record("read", inject(t, null, "GET", `/api/profiles/${a.handle}`))),
      loop(() => record("read", inject(t, d, "GET", `/api/users/${a.userId}/posts`))),
      loop(async (n) => {
        const at = Date.now();
        const res = await record(
          "post",
          inject(t, a, "POST", "/api/posts", { content: `Written under load ${n}` }),
        );
        if (res.statusCode === 201) posted.push({ id: res.json().post.id, at });
      }),
      loop(() => record("like", inject(t, b, "POST", `/api/posts/${post.id}/like`))),
      loop(() =>
        record("follow", inject(t, c, "POST", "/api/follows/toggle", { targetUserId: d.userId })),
      ),
    ]);

    await delay(500);
    const killedAt = Date.now();
    await redis.kill();
    await delay(200);
    // A follow made while Redis is away: it answers as usual, and its event is kept.
    const duringOutage = await inject(t, e, "POST", "/api/follows/toggle", {
      targetUserId: f.userId,
    });
    expect(duringOutage.statusCode).toBe(200);
    expect(duringOutage.json().following).toBe(true);
    await delay(OUTAGE_MS - 200);
    await redis.start();
    await Promise.all([readyAgain(appRedis), readyAgain(otherRedis), readyAgain(checkRedis)]);
    // Each bus reads the new history from its start, so nothing written while its reader was
    // reconnecting is missed: every event of a write sent since the kill is checked below. The
    // load goes on until a post and a like sent since the kill have been answered, however slow
    // the machine.
    const writtenSinceKill = () =>
      posted.some(({ at }) => at >= killedAt) &&
      answers.some(
        (answer) => answer.kind === "like" && answer.at >= killedAt && answer.status === 200,
      );
    const loadDeadline = Date.now() + 30_000;
    while (!writtenSinceKill() && Date.now() < loadDeadline) await delay(100);
    await delay(500);
    loading = false;
    await load;

    const byKind = (kind: Answer["kind"]) => answers.filter((answer) => answer.kind === kind);
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    expect(byKind("read").filter((answer) => answer.status !== 200)).toEqual([]);
    const writes = answers.filter((answer) => answer.kind !== "read");
    expect(
      writes.filter(
        (answer) =>
          !(answer.status < 300 || (answer.status === 503 && Number(answer.retryAfter) > 0)),
      ),
    ).toEqual([]);

    // A post answered 503 was not written: the author's posts are the ones answered 201.
    const listed = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from posts where user_id = ${a.userId}`,
    );
    expect(new Set(listed.map((row) => row.id))).toEqual(
      new Set([...posted.map(({ id }) => id), post.id]),
    );

    // Counted in Redis again (restarted empty: any key is a count made since).
    await inject(t, a, "GET", "/api/feed");
    expect(
      Number(await checkRedis.get(`rl:readsPerAccount:${a.userId.toLowerCase()}`)),
    ).toBeGreaterThan(0);

    // The other instance was told its history was lost, once; every event of a write sent since
    // the kill reaches it, the outbox sending what Redis refused once it answers (with the
    // worker's backoff).
    expect(otherResets).toBe(1);
    const follows = (from: TestAccount, to: TestAccount) =>
      heard.filter(
        (event) =>
          event.type === "follow.changed" &&
          event.followerId === from.userId &&
          event.followingId === to.userId,
      );
    const created = () =>
      new Set(heard.flatMap((event) => (event.type === "post.created" ? [event.post.id] : [])));
    const likes = () =>
      heard.filter((event) => event.type === "post.liked" && event.userId === b.userId);
    const postIds = posted.filter(({ at }) => at >= killedAt).map(({ id }) => id);
    const committed = (kind: Answer["kind"]) =>
      byKind(kind).filter((answer) => answer.at >= killedAt && answer.status === 200).length;
    const delivered = () =>
      follows(e, f).length === 1 &&
      postIds.every((id) => created().has(id)) &&
      likes().length >= committed("like") &&
      follows(c, d).length >= committed("follow");
    expect(postIds.length).toBeGreaterThan(0);
    expect(committed("like")).toBeGreaterThan(0);
    const deadline = Date.now() + 60_000;
    while (!delivered() && Date.now() < deadline) await delay(200);
    expect(follows(e, f)).toMatchObject([{ following: true }]);
    expect(postIds.filter((id) => !created().has(id))).toEqual([]);
    expect(likes().length).toBeGreaterThanOrEqual(committed("like"));
    expect(follows(c, d).length).toBeGreaterThanOrEqual(committed("follow"));
  }, 180_000);
});
