// The library's key-value store and message queue on our tables (docs/federation.md "Storage"),
// on the test database (PGlite, or PostgreSQL in CI).
import { Temporal } from "@js-temporal/polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../test-support/test-db";
import { TableKvStore } from "./kv-store";
import { runKvSweep } from "./kv-sweep";
import { TableMessageQueue } from "./message-queue";

let database: Database;
const duration = (ms: number) =>
  Temporal.Duration.from({ milliseconds: ms }) as unknown as Parameters<
    TableKvStore["set"]
  >[2] extends infer O
    ? NonNullable<O> extends { ttl?: infer D }
      ? D
      : never
    : never;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("TableKvStore", () => {
  it("gets what it set, overwrites, deletes, and reads a key past its time as absent", async () => {
    const kv = new TableKvStore(database.db);
    await kv.set(["a", "b"], { n: 1 });
    expect(await kv.get(["a", "b"])).toEqual({ n: 1 });
    await kv.set(["a", "b"], [1, "two"]);
    expect(await kv.get(["a", "b"])).toEqual([1, "two"]);
    await kv.delete(["a", "b"]);
    expect(await kv.get(["a", "b"])).toBeUndefined();
    await kv.set(["short"], "lived", { ttl: duration(1) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await kv.get(["short"])).toBeUndefined();
    expect(await runKvSweep({ db: database.db, log: undefined as never }, new Date())).toBe(1);
  });

  it("lists the prefix's own key and the keys under it, and no other", async () => {
    const kv = new TableKvStore(database.db);
    await kv.set(["list", "x", "2"], 2);
    await kv.set(["list", "x", "1"], 1);
    await kv.set(["list", "xy"], "not under [list, x]");
    await kv.set(["list", "x"], 0);
    const listed: unknown[] = [];
    for await (const entry of kv.list(["list", "x"])) listed.push([entry.key, entry.value]);
    expect(listed.sort((p, q) => JSON.stringify(p).localeCompare(JSON.stringify(q)))).toEqual([
      [["list", "x", "1"], 1],
      [["list", "x", "2"], 2],
      [["list", "x"], 0],
    ]);
  });

  it("compares and sets: only over the expected value, or over nothing", async () => {
    const kv = new TableKvStore(database.db);
    expect(await kv.cas(["cas"], undefined, 1)).toBe(true);
    expect(await kv.cas(["cas"], undefined, 2)).toBe(false);
    expect(await kv.cas(["cas"], 5, 2)).toBe(false);
    expect(await kv.cas(["cas"], 1, 2)).toBe(true);
    expect(await kv.get(["cas"])).toBe(2);
  });
});

describe("TableMessageQueue", () => {
  it("hands each message to one listener once, waits out a delay, and keeps an ordering key's order", async () => {
    const queue = new TableMessageQueue(database.db, { pollMs: 20 });
    const handled: string[] = [];
    const stop = new AbortController();
    const listening = [1, 2].map(() =>
      queue.listen(
        async (message) => {
          const { name, wait } = message as { name: string; wait: number };
          await new Promise((resolve) => setTimeout(resolve, wait));
          handled.push(name);
        },
        { signal: stop.signal },
      ),
    );
    await queue.enqueue({ name: "later", wait: 0 }, { delay: duration(1_500) });
    await queue.enqueue({ name: "first", wait: 80 }, { orderingKey: "note-1" });
    await queue.enqueue({ name: "second", wait: 0 }, { orderingKey: "note-1" });
    await queue.enqueueMany?.([
      { name: "free-1", wait: 0 },
      { name: "free-2", wait: 0 },
    ]);
    expect((await queue.getDepth()).queued).toBe(5);
    const until = Date.now() + 5_000;
    while (handled.length < 5 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stop.abort();
    await Promise.all(listening);
    expect([...handled].sort()).toEqual(["first", "free-1", "free-2", "later", "second"]);
    expect(handled.indexOf("first")).toBeLessThan(handled.indexOf("second"));
    expect(handled.at(-1)).toBe("later");
    expect((await queue.getDepth()).queued).toBe(0);
  });

  it("lets a slow message hold up only itself, and hears an enqueue made while it runs", async () => {
    const queue = new TableMessageQueue(database.db, { pollMs: 60_000, batch: 2 });
    const handled: string[] = [];
    let release: () => void = () => {};
    const slowDone = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stop = new AbortController();
    const listening = queue.listen(
      async (message) => {
        const { name } = message as { name: string };
        if (name === "slow") await slowDone;
        handled.push(name);
      },
      { signal: stop.signal },
    );
    await queue.enqueue({ name: "slow" });
    await queue.enqueueMany?.([{ name: "fast-1" }, { name: "fast-2" }, { name: "fast-3" }]);
    const until = Date.now() + 5_000;
    while (handled.length < 3 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Every fast one is handled while the slow one still holds its slot, though the listener
    // polls only once a minute: each was claimed when a slot freed or an enqueue woke it.
    expect([...handled].sort()).toEqual(["fast-1", "fast-2", "fast-3"]);
    await queue.enqueue({ name: "fast-4" });
    while (handled.length < 4 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(handled).toContain("fast-4");
    stop.abort();
    release();
    await listening;
    expect(handled.at(-1)).toBe("slow");
    expect((await queue.getDepth()).queued).toBe(0);
  });
});
