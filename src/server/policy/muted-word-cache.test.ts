// The viewers' muted words kept in memory until they change them (muted-word-cache.ts): the rule
// that marks items is markerOf's, applied to the kept entries at each read.
import { describe, expect, it, vi } from "vitest";
import { MutedWordCache } from "./muted-word-cache";
import type { MutedEntry } from "./muted-words";

const NOW = Date.parse("2026-12-02T12:00:00Z");
const spoiler: MutedEntry = { text: "spoiler", contexts: ["feed"], expiresAt: null };
const spoilerText = ["a SPOILER here"];

function setup(entries: Record<string, MutedEntry[]>) {
  const load = vi.fn(async (viewerId: string) => entries[viewerId] ?? []);
  const cache = new MutedWordCache({ load, maxBytes: 1_000_000, now: () => NOW });
  const marks = async (viewerId: string | null, context: "feed" | "mail" = "feed", at = NOW) =>
    (await cache.marker(viewerId, { context, now: new Date(at) }))("author", spoilerText);
  return { load, cache, marks };
}

describe("MutedWordCache", () => {
  it("reads a viewer's entries once, and marks by them at every read", async () => {
    const { load, marks } = setup({ rita: [spoiler] });
    expect(await marks("rita")).toEqual(["spoiler"]);
    expect(await marks("rita")).toEqual(["spoiler"]);
    expect(await marks("rita", "mail")).toEqual([]);
    expect(await marks("otto")).toEqual([]);
    expect(await marks("otto")).toEqual([]);
    expect(load.mock.calls.map(([id]) => id)).toEqual(["rita", "otto"]);
  });

  it("applies a kept entry's expiry at each read, reading nothing again", async () => {
    const { load, marks } = setup({ rita: [{ ...spoiler, expiresAt: NOW + 1_000 }] });
    expect(await marks("rita", "feed", NOW + 999)).toEqual(["spoiler"]);
    expect(await marks("rita", "feed", NOW + 1_000)).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never marks the viewer's own items, and asks nothing for nobody signed in", async () => {
    const { load, cache, marks } = setup({ author: [spoiler] });
    expect(
      await (await cache.marker("author", { context: "feed", now: new Date(NOW) }))(
        "author",
        spoilerText,
      ),
    ).toEqual([]);
    expect(await marks(null)).toEqual([]);
    expect(load.mock.calls.map(([id]) => id)).toEqual(["author"]);
  });

  it("reads the viewer's entries again after their change or their account's deletion, and no one else's", async () => {
    const entries: Record<string, MutedEntry[]> = { rita: [], otto: [spoiler] };
    const { load, cache, marks } = setup(entries);
    await marks("rita");
    await marks("otto");
    entries.rita = [spoiler];
    cache.apply({ type: "mutedWords.changed", userId: "rita" });
    expect(await marks("rita")).toEqual(["spoiler"]);
    cache.apply({ type: "account.deleted", userId: "otto" });
    await marks("otto");
    cache.apply({ type: "relation.changed", userIds: ["rita", "otto"] });
    await marks("rita");
    await marks("otto");
    expect(load.mock.calls.map(([id]) => id)).toEqual(["rita", "otto", "rita", "otto"]);
    cache.clear();
    await marks("rita");
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("does not keep what a read returned when the viewer changed their words while it ran", async () => {
    const entries: Record<string, MutedEntry[]> = { rita: [] };
    let release: () => void = () => {};
    const load = vi.fn(async (viewerId: string) => {
      const read = entries[viewerId] ?? [];
      if (load.mock.calls.length === 1) await new Promise<void>((r) => (release = r));
      return read;
    });
    const cache = new MutedWordCache({ load, maxBytes: 1_000_000, now: () => NOW });
    const at = { context: "feed" as const, now: new Date(NOW) };
    const first = cache.marker("rita", at);
    entries.rita = [spoiler];
    cache.apply({ type: "mutedWords.changed", userId: "rita" });
    release();
    expect((await first)("author", spoilerText)).toEqual([]);
    expect((await cache.marker("rita", at))("author", spoilerText)).toEqual(["spoiler"]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
