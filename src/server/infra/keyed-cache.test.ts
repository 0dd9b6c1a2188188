import { describe, expect, it } from "vitest";
import { approximateBytes } from "./approximate-size";
import { entryBytes, KeyedCache } from "./keyed-cache";

/** What one entry of these tests takes: a one-letter key and a whole number. */
const ENTRY = entryBytes("a", 1);

function setup(maxBytes = 10 * ENTRY) {
  let now = 0;
  const cache = new KeyedCache<string, number>({ ttlMs: 1000, maxBytes, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe("KeyedCache", () => {
  it("answers stored values until they expire", () => {
    const { cache, advance } = setup();
    const fill = cache.begin();
    fill.set("a", 1);
    fill.end();
    advance(799); // entries live 80–100% of the time to live
    expect(cache.get("a")).toBe(1);
    advance(202);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops an invalidated key", () => {
    const { cache } = setup();
    const fill = cache.begin();
    fill.set("a", 1);
    fill.end();
    cache.invalidate("a");
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not store a value read before its key was invalidated", () => {
    const { cache } = setup();
    const slow = cache.begin();
    cache.invalidate("a");
    const later = cache.begin();
    slow.set("a", 1); // read before the change: refused
    slow.set("b", 2); // not invalidated: kept
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe(2);
    later.set("a", 3); // read after the change: kept
    expect(cache.get("a")).toBe(3);
    slow.end();
    later.end();
  });

  it("forgets invalidations once no fill is running", () => {
    const { cache } = setup();
    cache.invalidate("a");
    const fill = cache.begin();
    fill.set("a", 1);
    fill.end();
    expect(cache.get("a")).toBe(1);
  });

  it("holds what fits in maxBytes, dropping the oldest", () => {
    const { cache } = setup(2 * ENTRY);
    const fill = cache.begin();
    fill.set("a", 1);
    fill.set("b", 2);
    fill.set("c", 3);
    fill.end();
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
    expect(cache.bytes).toBe(2 * ENTRY);
  });

  it("counts entries by their size: a large one takes the room of several small ones", () => {
    const cache = new KeyedCache<string, string>({ ttlMs: 1000, maxBytes: 1000 });
    for (const key of ["a", "b", "c", "d"]) cache.put(key, "x");
    expect(cache.size).toBe(4);
    const large = "y".repeat(1000 - entryBytes("e", "") - 1);
    cache.put("e", large);
    expect([...cache.keys()]).toEqual(["e"]);
    expect(cache.bytes).toBe(entryBytes("e", large));
    cache.put("f", "z".repeat(2000)); // larger than the whole bound: not kept, nothing dropped
    expect([...cache.keys()]).toEqual(["e"]);
  });

  it("counts a value changed in place at its new size and frees what is dropped", () => {
    const cache = new KeyedCache<string, string[]>({ ttlMs: 1000, maxBytes: 500 });
    cache.put("a", []);
    cache.put("b", []);
    cache.update("b", (list) => [...list, "x".repeat(300)]);
    expect(cache.get("a")).toBeUndefined(); // the grown entry pushed the older one out
    expect(cache.bytes).toBe(entryBytes("b", ["x".repeat(300)]));
    cache.invalidate("b");
    expect(cache.bytes).toBe(0);
  });

  it("counts what each entry keeps alive outside it", () => {
    const cache = new KeyedCache<string, string>({
      ttlMs: 1000,
      maxBytes: 1000,
      derivedBytes: 300,
    });
    cache.put("a", "x");
    cache.update("a", () => "xy");
    expect(cache.bytes).toBe(entryBytes("a", "xy") + 300);
    for (const key of ["b", "c", "d"]) cache.put(key, "x");
    expect(cache.size).toBe(2); // four would take more than 1,000 bytes with what they hold
  });

  it("estimates sizes that grow with the value", () => {
    expect(approximateBytes("abcd")).toBeGreaterThan(approximateBytes("ab"));
    expect(approximateBytes(new Set(["a", "b"]))).toBeGreaterThan(approximateBytes(new Set(["a"])));
    expect(approximateBytes({ a: "x".repeat(100) })).toBeGreaterThan(100);
    expect(approximateBytes([{ id: "p1", createdAt: new Date() }])).toBeGreaterThan(
      approximateBytes([]),
    );
  });

  it("changes held values in place and refuses older fills of them", () => {
    const { cache } = setup();
    const early = cache.begin();
    const fill = cache.begin();
    fill.set("a", 1);
    fill.end();
    cache.update("a", (value) => value + 10);
    cache.update("absent", (value) => value + 10);
    cache.put("b", 5);
    early.set("a", 0); // read before both changes
    early.set("b", 0);
    early.end();
    expect([cache.get("a"), cache.get("absent"), cache.get("b")]).toEqual([11, undefined, 5]);
  });

  it("drops every value that matches", () => {
    const { cache } = setup();
    for (const [key, value] of [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ] as const)
      cache.put(key, value);
    cache.invalidateWhere((value) => value % 2 === 1);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, undefined]);
  });

  it("clears everything, and stores nothing read before the clear", () => {
    const { cache } = setup();
    cache.put("a", 1);
    const slow = cache.begin();
    cache.clear();
    expect([cache.get("a"), cache.size, cache.bytes]).toEqual([undefined, 0, 0]);
    slow.set("b", 2); // read before the clear: refused
    const later = cache.begin();
    later.set("c", 3);
    expect([cache.get("b"), cache.get("c")]).toEqual([undefined, 3]);
    slow.end();
    later.end();
  });

  it("never keeps a value past its own expiry cap", () => {
    const { cache, advance } = setup();
    cache.put("a", 1, { notAfter: 300 });
    cache.put("b", 2, { notAfter: 5000 }); // a cap beyond the time to live changes nothing
    advance(299);
    expect([cache.get("a"), cache.get("b")]).toEqual([1, 2]);
    advance(1);
    expect(cache.get("a")).toBeUndefined();
    advance(701);
    expect(cache.get("b")).toBeUndefined();
  });

  it("lists the entries that have not expired, oldest first", () => {
    const { cache, advance } = setup();
    cache.put("a", 1, { notAfter: 100 });
    cache.put("b", 2);
    cache.put("c", 3);
    cache.invalidate("c");
    cache.put("d", 4);
    expect([...cache.entries()]).toEqual([
      ["a", 1],
      ["b", 2],
      ["d", 4],
    ]);
    advance(100);
    expect([...cache.keys()]).toEqual(["b", "d"]);
  });
});
