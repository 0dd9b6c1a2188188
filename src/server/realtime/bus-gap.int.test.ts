// An instance away longer than the bus's window (docs/social-and-realtime.md "History lost"): while
// its reader could not read, the stream was trimmed past what it had read, so the events between
// are lost to it. Before reading on it runs the reset listeners (the caches kept by events are
// forgotten, its sockets told to refetch), then reads what is kept. A short absence that lost
// nothing resets nothing. Redis is a redis-server of the test's own; the reader's connection is
// cut with CLIENT KILL.
import { setTimeout as delay } from "node:timers/promises";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../infra/redis";
import { hasRedisServer, type OwnRedis, startOwnRedis } from "../test-support/redis-server";
import { createRedisBus, type EventBus } from "./bus";
import type { DomainEvent } from "./events";

const WINDOW_MS = 100;

describe.skipIf(!(await hasRedisServer()))("an instance away longer than the window", () => {
  let redis: OwnRedis;
  let client: Redis;
  let publisherClient: Redis;
  let away: EventBus;
  let publisher: EventBus;
  const heard: string[] = [];
  const seen: string[] = [];

  const event = (name: string): DomainEvent => ({ type: "feed.stale", userIds: [name] });

  beforeAll(async () => {
    redis = await startOwnRedis();
    client = (await connectRedis(redis.url)) as Redis;
    client.on("error", () => {});
    const options = { windowMs: WINDOW_MS, slackMs: 0, retryMs: 1_500 };
    away = await createRedisBus(client, () => {}, options);
    publisherClient = (await connectRedis(redis.url)) as Redis;
    publisherClient.on("error", () => {});
    // The cut takes the publisher's read too: it reads again at once, so its publishing (which
    // waits for its own read) is not held back.
    publisher = await createRedisBus(publisherClient, () => {}, { ...options, retryMs: 20 });
    away.subscribe((e) => {
      if (e.type === "feed.stale") heard.push(...e.userIds);
    });
    away.onReset(() => heard.push("reset"));
  }, 60_000);

  afterAll(async () => {
    await away?.close();
    await publisher?.close();
    client?.disconnect();
    publisherClient?.disconnect();
    await redis?.close();
  });

  /** Cuts the connections of the blocked reads, as a network fault would. */
  const cutReader = async () => {
    const clients = (await client.client("LIST")) as string;
    const reading = clients
      .split("\n")
      .filter((line) => line.includes("cmd=xread"))
      .map((line) => /\bid=(\d+)/.exec(line)?.[1]);
    expect(reading.length).toBeGreaterThan(0);
    for (const id of reading) await client.client("KILL", "ID", id as string);
  };

  const until = async (check: () => boolean) => {
    for (let waited = 0; !check(); waited += 20) {
      if (waited > 10_000) throw new Error(`still waiting: heard ${heard.join(", ")}`);
      await delay(20);
    }
  };

  it("forgets what events kept before reading on, and reads what is kept", async () => {
    await publisher.publish(event("first"));
    await until(() => heard.includes("first"));

    await cutReader();
    await publisher.publish(event("lost"));
    await delay(WINDOW_MS * 2);
    // This append trims 'lost', which `away` never read.
    await publisher.publish(event("kept"));
    await until(() => heard.includes("kept"));
    seen.push(...heard);
    expect(heard).toEqual(["first", "reset", "kept"]);
  }, 30_000);

  it("resets nothing when what was trimmed meanwhile had been read", async () => {
    await cutReader();
    await delay(WINDOW_MS * 2);
    // This append trims 'kept', which `away` had read.
    await publisher.publish(event("after"));
    await until(() => heard.includes("after"));
    expect(heard.slice(seen.length)).toEqual(["after"]);
  }, 30_000);
});
