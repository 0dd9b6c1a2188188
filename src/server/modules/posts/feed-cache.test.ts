import { describe, expect, it, vi } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { entryBytes } from "../../infra/keyed-cache";
import type { DomainEvent } from "../../realtime/events";
import { FEED_PAGE_TTL_MS, FeedCache } from "./feed-cache";
import type { PostKey } from "./queries";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 12, minute));
const key = (id: string, minute: number): PostKey => ({ id, createdAt: at(minute) });
const ids = (keys: PostKey[]) => keys.map((k) => k.id);

/** Newest first, as the database answers. */
const feedOf = (...keys: PostKey[]) =>
  [...keys].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

function created(authorId: string, k: PostKey): DomainEvent {
  const post = { id: k.id, createdAt: k.createdAt.toISOString() } as PostView;
  return { type: "post.created", authorId, post };
}
const deleted = (authorId: string, postId: string): DomainEvent => ({
  type: "post.deleted",
  authorId,
  postId,
});
const followed = (followerId: string, followingId: string): DomainEvent => ({
  type: "follow.changed",
  followerId,
  followingId,
  following: true,
  followerCounts: { friends: 0, following: 1, followers: 0 },
  followingCounts: { friends: 0, following: 0, followers: 1 },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function setup(
  feeds: Record<string, PostKey[]>,
  follows: Record<string, string[]> = {},
  options: { depth?: number; ttlMs?: number; maxBytes?: number } = {},
) {
  let now = 0;
  const load = vi.fn(async (reader: string, depth: number) =>
    (feeds[reader] ?? []).slice(0, depth),
  );
  const followersAmong = vi.fn(async (author: string, readers: string[]) =>
    readers.filter((r) => follows[r]?.includes(author)),
  );
  const cache = new FeedCache({
    load,
    followersAmong,
    depth: options.depth ?? 3,
    ttlMs: options.ttlMs ?? 60_000,
    maxBytes: options.maxBytes,
    now: () => now,
  });
  return { cache, load, followersAmong, advance: (ms: number) => (now += ms) };
}

describe("FeedCache", () => {
  it("loads a reader's page once and serves it until its time to live ends", async () => {
    const { cache, load, advance } = setup({ bo: feedOf(key("p1", 1), key("p2", 2)) });
    expect(ids(await cache.firstKeys("bo"))).toEqual(["p2", "p1"]);
    expect(ids(await cache.firstKeys("bo"))).toEqual(["p2", "p1"]);
    expect(load).toHaveBeenCalledTimes(1);
    advance(47_000); // entries live 80–100% of the time to live
    await cache.firstKeys("bo");
    expect(load).toHaveBeenCalledTimes(1);
    advance(13_001);
    await cache.firstKeys("bo");
    expect(load).toHaveBeenCalledTimes(2);
    const { bytes, ...counts } = cache.stats();
    expect(counts).toEqual({ hits: 2, misses: 2, readers: 1 });
    expect(bytes).toBe(
      entryBytes("bo", { keys: feedOf(key("p1", 1), key("p2", 2)), complete: true }),
    );
  });

  it("shares one load among simultaneous misses of the same reader", async () => {
    const { cache, load } = setup({ bo: [key("p1", 1)] });
    const pages = await Promise.all([cache.firstKeys("bo"), cache.firstKeys("bo")]);
    expect(pages.map(ids)).toEqual([["p1"], ["p1"]]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("puts a new post on the author's page and on cached followers' pages, newest first", async () => {
    const { cache, load, followersAmong } = setup(
      {
        ann: feedOf(key("a1", 1)),
        bo: feedOf(key("b1", 3), key("a1", 1)),
        cy: feedOf(key("c1", 2)),
      },
      { bo: ["ann"] },
    );
    for (const reader of ["ann", "bo", "cy"]) await cache.firstKeys(reader);
    await cache.apply(created("ann", key("a2", 2)));
    expect(followersAmong).toHaveBeenCalledWith("ann", ["bo", "cy"]);
    expect(ids(await cache.firstKeys("ann"))).toEqual(["a2", "a1"]);
    expect(ids(await cache.firstKeys("bo"))).toEqual(["b1", "a2", "a1"]);
    expect(ids(await cache.firstKeys("cy"))).toEqual(["c1"]);
    expect(load).toHaveBeenCalledTimes(3);

    // The same event twice (e.g. heard from Redis after applying it) changes nothing.
    await cache.apply(created("ann", key("a2", 2)));
    expect(ids(await cache.firstKeys("bo"))).toEqual(["b1", "a2", "a1"]);
  });

  it("keeps only `depth` keys, so the last one still tells that another page exists", async () => {
    const { cache } = setup({ ann: feedOf(key("a1", 1), key("a2", 2), key("a3", 3)) });
    await cache.firstKeys("ann");
    await cache.apply(created("ann", key("a4", 4)));
    expect(ids(await cache.firstKeys("ann"))).toEqual(["a4", "a3", "a2"]);
    // The page no longer holds the whole feed: losing a post means loading again.
    await cache.apply(deleted("ann", "a3"));
    expect(ids(await cache.firstKeys("ann"))).toEqual(["a3", "a2", "a1"]);
  });

  it("takes a deleted post out of a page that holds the whole feed", async () => {
    const { cache, load } = setup({ bo: feedOf(key("a1", 1), key("b1", 2)) });
    await cache.firstKeys("bo");
    await cache.apply(deleted("ann", "a1"));
    expect(ids(await cache.firstKeys("bo"))).toEqual(["b1"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads again after a deletion from a full page", async () => {
    const { cache, load } = setup({
      bo: feedOf(key("a1", 1), key("b1", 2), key("b2", 3), key("b3", 4)),
    });
    await cache.firstKeys("bo");
    await cache.apply(deleted("bo", "b2"));
    await cache.firstKeys("bo");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("drops the page of a reader who followed or unfollowed someone", async () => {
    const { cache, load } = setup({ bo: [key("b1", 1)], cy: [key("c1", 1)] });
    await cache.firstKeys("bo");
    await cache.firstKeys("cy");
    await cache.apply(followed("bo", "ann"));
    await cache.firstKeys("bo");
    await cache.firstKeys("cy");
    expect(load.mock.calls.map(([reader]) => reader)).toEqual(["bo", "cy", "bo"]);
  });

  it("adds a post published while the reader's page was loading", async () => {
    const gate = deferred<PostKey[]>();
    const { cache, load } = setup({}, { bo: ["ann"] });
    load.mockImplementationOnce(() => gate.promise);
    const page = cache.firstKeys("bo");
    await cache.apply(created("ann", key("a2", 2)));
    gate.resolve([key("a1", 1)]);
    expect(ids(await page)).toEqual(["a1"]); // the load's own answer
    expect(ids(await cache.firstKeys("bo"))).toEqual(["a2", "a1"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a partial load that a deletion overtook", async () => {
    const gate = deferred<PostKey[]>();
    const { cache, load } = setup({});
    load.mockImplementationOnce(() => gate.promise);
    const page = cache.firstKeys("bo");
    await cache.apply(deleted("ann", "a2"));
    gate.resolve(feedOf(key("a1", 1), key("a2", 2), key("b1", 3)));
    await page;
    await cache.firstKeys("bo");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a load that the reader's follow overtook", async () => {
    const gate = deferred<PostKey[]>();
    const { cache, load } = setup({});
    load.mockImplementationOnce(() => gate.promise);
    const page = cache.firstKeys("bo");
    await cache.apply(followed("bo", "cy"));
    gate.resolve([key("b1", 1)]);
    await page;
    await cache.firstKeys("bo");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps a load overtaken by a deletion when it held the whole feed", async () => {
    const gate = deferred<PostKey[]>();
    const { cache, load } = setup({});
    load.mockImplementationOnce(() => gate.promise);
    const page = cache.firstKeys("bo");
    await cache.apply(deleted("ann", "a1"));
    gate.resolve(feedOf(key("a1", 1), key("b1", 2)));
    await page;
    expect(ids(await cache.firstKeys("bo"))).toEqual(["b1"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("holds what fits in its memory bound, dropping the oldest pages", async () => {
    const emptyPage = entryBytes("a", { keys: [], complete: true });
    const { cache, load } = setup({}, {}, { maxBytes: 2 * emptyPage + 1 });
    for (const reader of ["a", "b", "c", "b", "a"]) await cache.firstKeys(reader);
    expect(load.mock.calls.map(([reader]) => reader)).toEqual(["a", "b", "c", "a"]);
    expect(cache.stats().readers).toBe(2);
  });

  it("puts a new post on the cached pages of readers who follow one of its tags", async () => {
    const feeds: Record<string, PostKey[]> = { ann: [], bo: [key("b1", 1)], cy: [key("c1", 1)] };
    const tagFollowersAmong = vi.fn(async (input: { tags: string[]; readerIds: string[] }) =>
      input.tags.includes("café") ? input.readerIds.filter((r) => r === "bo") : [],
    );
    const cache = new FeedCache({
      load: async (reader) => feeds[reader] ?? [],
      followersAmong: async () => [],
      tagFollowersAmong,
      depth: 3,
    });
    for (const reader of ["ann", "bo", "cy"]) await cache.firstKeys(reader);
    const post = (id: string, content: string): DomainEvent => ({
      type: "post.created",
      authorId: "ann",
      post: { id, createdAt: at(2).toISOString(), content } as PostView,
    });
    await cache.apply(post("a1", "no tag"));
    expect(tagFollowersAmong).not.toHaveBeenCalled();
    await cache.apply(post("a2", "Morning #Café"));
    expect(tagFollowersAmong).toHaveBeenCalledWith({
      tags: ["café"],
      authorId: "ann",
      readerIds: ["bo", "cy"],
    });
    expect(ids(await cache.firstKeys("bo"))).toEqual(["a2", "b1"]);
    expect(ids(await cache.firstKeys("cy"))).toEqual(["c1"]);
  });

  it("loads afresh the pages an edit may change: those holding the post, and its new tags' readers", async () => {
    const feeds: Record<string, PostKey[]> = {
      ann: [key("a1", 1)],
      bo: [key("a1", 1)],
      cy: [key("c1", 1)],
      di: [key("d1", 1)],
    };
    const load = vi.fn(async (reader: string) => feeds[reader] ?? []);
    const cache = new FeedCache({
      load,
      followersAmong: async () => [],
      tagFollowersAmong: async (input) =>
        input.tags.includes("café") ? input.readerIds.filter((r) => r === "cy") : [],
      depth: 3,
    });
    for (const reader of ["ann", "bo", "cy", "di"]) await cache.firstKeys(reader);
    feeds.bo = [];
    feeds.cy = [key("a1", 1), key("c1", 1)];
    await cache.apply({
      type: "post.updated",
      authorId: "ann",
      postId: "a1",
      content: "Now about #Café",
      contentWarning: null,
      imageSensitive: false,
      updatedAt: at(3).toISOString(),
    });
    expect(ids(await cache.firstKeys("bo"))).toEqual([]);
    expect(ids(await cache.firstKeys("cy"))).toEqual(["a1", "c1"]);
    expect(ids(await cache.firstKeys("di"))).toEqual(["d1"]);
    // Ann's and Bo's pages held the post, Cy follows its new tag: Di's stayed.
    expect(load.mock.calls.map(([reader]) => reader)).toEqual([
      "ann",
      "bo",
      "cy",
      "di",
      "bo",
      "cy",
    ]);
  });

  it("keeps pages ten minutes by default: an active reader back every two minutes is served from memory", async () => {
    let now = 0;
    const load = vi.fn(async () => [key("p1", 1)]);
    const cache = new FeedCache({ load, followersAmong: async () => [], depth: 3, now: () => now });
    for (let visit = 0; visit < 4; visit++) {
      await cache.firstKeys("bo");
      now += 2 * 60_000;
    }
    expect(load).toHaveBeenCalledTimes(1);
    now += FEED_PAGE_TTL_MS;
    await cache.firstKeys("bo");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
