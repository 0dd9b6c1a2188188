// Lookups asked together become one call (same-tick-batch.ts).
import { describe, expect, it } from "vitest";
import { sameTickBatch } from "./same-tick-batch";

describe("sameTickBatch", () => {
  it("answers the keys asked in one tick with one call, and a later ask with another", async () => {
    const calls: string[][] = [];
    const one = sameTickBatch(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== "gone").map((k) => [k, k.toUpperCase()]));
    });
    expect(await Promise.all([one("a"), one("b"), one("a"), one("gone")])).toEqual([
      "A",
      "B",
      "A",
      undefined,
    ]);
    expect(await one("c")).toBe("C");
    expect(calls).toEqual([["a", "b", "gone"], ["c"]]);
  });

  it("fails every ask of a call that failed, and asks afresh after", async () => {
    let fail = true;
    const one = sameTickBatch(async (keys: string[]) => {
      if (fail) throw new Error("database away");
      return new Map(keys.map((k) => [k, k]));
    });
    const asked = [one("a"), one("b")];
    await expect(asked[0]).rejects.toThrow("database away");
    await expect(asked[1]).rejects.toThrow("database away");
    fail = false;
    expect(await one("a")).toBe("a");
  });
});
