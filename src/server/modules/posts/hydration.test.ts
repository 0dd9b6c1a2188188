import { describe, expect, it, vi } from "vitest";
import type { DomainEvent } from "../../realtime/events";
import { PostHydrator } from "./hydration";
import { LIKERS_KEPT, type LoadedPost } from "./queries";

function row(
  id: string,
  authorId: string,
  likers: string[] | null = [],
  quote: { quoteOf: string; quoteDetached?: boolean } | null = null,
  reposters: string[] | null = [],
): LoadedPost {
  return {
    post: {
      id,
      userId: authorId,
      content: `text of ${id}`,
      quoteOf: quote?.quoteOf ?? null,
      quoteNoteId: null,
      quoteAuthorizationUri: null,
      quoteDetached: quote?.quoteDetached ?? false,
      slug: id,
      images: [],
      contentWarning: null,
      imageSensitive: false,
      createdAt: new Date("2026-11-28T09:00:00.000Z"),
      likesCount: likers?.length ?? LIKERS_KEPT + 1,
      repostsCount: reposters?.length ?? LIKERS_KEPT + 1,
      commentsCount: 0,
      viewsCount: 0,
    } as unknown as LoadedPost["post"],
    author: {
      userId: authorId,
      fullName: `name of ${authorId}`,
      username: authorId,
    } as LoadedPost["author"],
    authorPrivate: false,
    authorCreatedAt: new Date("2026-11-01T09:00:00.000Z"),
    linkPreview: null,
    likers,
    reposters,
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function setup() {
  const db = new Map<string, LoadedPost>([
    ["p1", row("p1", "ann")],
    ["p2", row("p2", "ann", ["you"])],
    ["p3", row("p3", "bo")],
    ["popular", row("popular", "bo", null)],
    ["q1", row("q1", "cy", [], { quoteOf: "p1" })],
    ["q2", row("q2", "cy", [], { quoteOf: "p3", quoteDetached: true })],
    ["q3", row("q3", "cy", [], { quoteOf: "gone" })],
    ["shared", row("shared", "bo", [], null, null)],
  ]);
  const popularLikers = new Set(["you"]);
  const load = vi.fn(async (ids: string[]) =>
    ids.flatMap((id) => (db.has(id) ? [db.get(id) as LoadedPost] : [])),
  );
  const likedAmong = vi.fn(async (viewer: string, ids: string[]) =>
    ids.filter((id) => id === "popular" && popularLikers.has(viewer)),
  );
  const repostedAmong = vi.fn(async (viewer: string, ids: string[]) =>
    ids.filter((id) => id === "shared" && viewer === "you"),
  );
  /** Ann's posts are hidden from "blocked". */
  const quotedAuthorsSeen = vi.fn(async (viewer: string | null, authors: string[]) =>
    authors.filter((a) => !(a === "ann" && viewer === "blocked")),
  );
  const quotedNoteCards = vi.fn(async () => new Map());
  const hydrator = new PostHydrator({
    load,
    likedAmong,
    repostedAmong,
    visibleReposts: async () => [],
    quotedAuthorsSeen,
    quotedNoteCards,
  });
  const ids = async (list: string[], viewer: string | null) =>
    (await hydrator.hydrate(list, viewer)).map((r) => r.post.id).sort();
  const flags = async (list: string[], viewer: string | null) =>
    Object.fromEntries((await hydrator.hydrate(list, viewer)).map((r) => [r.post.id, r.likedByMe]));
  return { db, load, likedAmong, repostedAmong, quotedAuthorsSeen, hydrator, ids, flags };
}

describe("PostHydrator", () => {
  it("loads only the posts it does not hold, in one query", async () => {
    const { load, ids } = setup();
    expect(await ids(["p1", "p2"], "me")).toEqual(["p1", "p2"]);
    expect(await ids(["p1", "p2", "p3"], "you")).toEqual(["p1", "p2", "p3"]);
    expect(await ids(["p1", "p2", "p3"], null)).toEqual(["p1", "p2", "p3"]);
    expect(load.mock.calls).toEqual([[["p1", "p2"]], [["p3"]]]);
  });

  it("loads a post once however many readers ask for it at the same moment", async () => {
    const { load, hydrator } = setup();
    const gate = deferred<void>();
    load.mockImplementationOnce(async (list: string[]) => {
      await gate.promise;
      return list.map((id) => row(id, "ann"));
    });
    const pages = Promise.all([
      hydrator.hydrate(["p1"], "a"),
      hydrator.hydrate(["p1", "p3"], "b"),
      hydrator.hydrate(["p1"], null),
    ]);
    gate.resolve();
    expect((await pages).map((rows) => rows.length)).toEqual([1, 2, 1]);
    expect(load.mock.calls).toEqual([[["p1"]], [["p3"]]]);
  });

  it("knows every reader's like from the likers of a post with few likes", async () => {
    const { likedAmong, flags } = setup();
    expect(await flags(["p1", "p2"], "you")).toEqual({ p1: false, p2: true });
    expect(await flags(["p1", "p2"], "me")).toEqual({ p1: false, p2: false });
    expect(await flags(["p2"], null)).toEqual({ p2: false });
    expect(likedAmong).not.toHaveBeenCalled();
  });

  it("asks once per reader about a post with many likes", async () => {
    const { likedAmong, flags } = setup();
    expect(await flags(["popular", "p1"], "you")).toEqual({ popular: true, p1: false });
    expect(await flags(["popular"], "you")).toEqual({ popular: true });
    expect(await flags(["popular"], "me")).toEqual({ popular: false });
    expect(likedAmong.mock.calls).toEqual([
      ["you", ["popular"]],
      ["me", ["popular"]],
    ]);
  });

  it("applies likes, counts and edits from events without loading again", async () => {
    const { load, hydrator, flags } = setup();
    await hydrator.hydrate(["p1", "popular"], "me");
    const events: DomainEvent[] = [
      {
        type: "post.liked",
        postId: "p1",
        authorId: "author",
        userId: "me",
        liked: true,
        likesCount: 1,
      },
      {
        type: "post.liked",
        postId: "popular",
        authorId: "author",
        userId: "me",
        liked: true,
        likesCount: 102,
      },
      { type: "post.counted", postId: "p1", commentsCount: 4 },
      { type: "post.counted", postId: "p1", viewsCount: 9 },
      {
        type: "post.updated",
        authorId: "ann",
        postId: "p1",
        content: "new",
        contentWarning: "Spoilers",
        imageSensitive: false,
        updatedAt: "",
      },
    ];
    for (const event of events) hydrator.apply(event);
    const [p1] = await hydrator.hydrate(["p1"], "me");
    expect(p1?.post).toMatchObject({
      likesCount: 1,
      commentsCount: 4,
      viewsCount: 9,
      content: "new",
      contentWarning: "Spoilers",
    });
    expect(await flags(["p1", "popular"], "me")).toEqual({ p1: true, popular: true });
    expect(await flags(["p1"], "you")).toEqual({ p1: false });
    hydrator.apply({
      type: "post.liked",
      postId: "p1",
      authorId: "author",
      userId: "me",
      liked: false,
      likesCount: 0,
    });
    expect(await flags(["p1"], "me")).toEqual({ p1: false });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("knows who reposted a post with few reposts, follows repost events, and asks only of busier posts", async () => {
    const { hydrator, repostedAmong } = setup();
    const reposted = async (viewer: string, list = ["p1", "p3"]) =>
      Object.fromEntries(
        (await hydrator.hydrate(list, viewer)).map((r) => [r.post.id, r.repostedByMe]),
      );
    expect(await reposted("you")).toEqual({ p1: false, p3: false });
    const event = {
      type: "post.reposted",
      postId: "p3",
      authorId: "bo",
      userId: "you",
      repostId: "r1",
      reposted: true,
      repostsCount: 1,
    } as const;
    hydrator.apply(event);
    expect(await reposted("you")).toEqual({ p1: false, p3: true });
    expect(await reposted("someone")).toEqual({ p1: false, p3: false });
    const [p3] = await hydrator.hydrate(["p3"], null);
    expect(p3?.post.repostsCount).toBe(1);
    hydrator.apply({ ...event, reposted: false, repostsCount: 0 });
    expect(await reposted("you")).toEqual({ p1: false, p3: false });
    expect(repostedAmong).not.toHaveBeenCalled();
    // More reposts than are kept: the reader's repost is asked, once per page.
    expect(await reposted("you", ["shared", "p1"])).toEqual({ shared: true, p1: false });
    expect(repostedAmong).toHaveBeenCalledTimes(1);
    expect(repostedAmong).toHaveBeenLastCalledWith("you", ["shared"]);
  });

  it("gives quotes their cards by the reader's rule, asking only of pages with quotes", async () => {
    const { hydrator, quotedAuthorsSeen } = setup();
    const cards = async (viewer: string | null) =>
      Object.fromEntries(
        (await hydrator.hydrate(["p1", "q1", "q2", "q3"], viewer)).map((r) => [r.post.id, r.quote]),
      );
    await hydrator.hydrate(["p1", "p2", "p3"], "you");
    expect(quotedAuthorsSeen).not.toHaveBeenCalled();

    expect(await cards("you")).toEqual({
      p1: undefined,
      q1: expect.objectContaining({ unavailable: false, id: "p1", content: "text of p1" }),
      q2: { unavailable: true, detached: true },
      q3: { unavailable: true, detached: false },
    });
    expect(quotedAuthorsSeen).toHaveBeenLastCalledWith("you", ["ann"]);
    expect((await cards("blocked")).q1).toEqual({ unavailable: true, detached: false });
    // The quoted post's author sees their own post without asking.
    quotedAuthorsSeen.mockClear();
    expect((await cards("ann")).q1).toMatchObject({ unavailable: false, path: "/ann/p1" });
    expect(quotedAuthorsSeen).not.toHaveBeenCalled();

    // Detached by its author: every reader's card says so at once.
    hydrator.apply({
      type: "post.quoted",
      postId: "p1",
      quoteId: "q1",
      quotesCount: 0,
      detached: true,
    });
    expect((await cards("you")).q1).toEqual({ unavailable: true, detached: true });
    const [p1] = await hydrator.hydrate(["p1"], null);
    expect(p1?.post.quotesCount).toBe(0);
  });

  it("stops keeping likers past LIKERS_KEPT and asks readers instead", async () => {
    const { db, likedAmong, hydrator, flags } = setup();
    const many = Array.from({ length: LIKERS_KEPT }, (_, i) => `fan${i}`);
    db.set("p1", row("p1", "ann", many));
    await hydrator.hydrate(["p1"], "me");
    hydrator.apply({
      type: "post.liked",
      postId: "p1",
      authorId: "ann",
      userId: "me",
      liked: true,
      likesCount: LIKERS_KEPT + 1,
    });
    expect(await flags(["p1"], "me")).toEqual({ p1: true }); // the event told this one
    await flags(["p1"], "fan1");
    expect(likedAmong).toHaveBeenCalledWith("fan1", ["p1"]);
  });

  it("drops deleted posts and an author's posts after their profile changed", async () => {
    const { db, load, hydrator, ids } = setup();
    await hydrator.hydrate(["p1", "p2", "p3"], "me");
    db.delete("p3");
    hydrator.apply({ type: "post.deleted", authorId: "bo", postId: "p3" });
    expect(await ids(["p1", "p3"], "me")).toEqual(["p1"]);
    db.set("p2", {
      ...row("p2", "ann"),
      author: { ...row("p2", "ann").author, fullName: "Ann B" },
    });
    hydrator.apply({ type: "profile.changed", userId: "ann" });
    const rows = await hydrator.hydrate(["p2"], "me");
    expect(rows[0]?.author.fullName).toBe("Ann B");
    expect(load.mock.calls.slice(1)).toEqual([[["p3"]], [["p2"]]]);
  });

  it("shows, but does not keep, what a load read across a profile change or an account's deletion", async () => {
    for (const event of [
      { type: "profile.changed", userId: "ann" },
      { type: "account.deleted", userId: "zed" },
    ] as DomainEvent[]) {
      const { db, load, hydrator } = setup();
      const gate = deferred<void>();
      load.mockImplementationOnce(async (list: string[]) => {
        const read = list.flatMap((id) => db.get(id) ?? []);
        await gate.promise;
        return read;
      });
      const page = hydrator.hydrate(["p1"], "me");
      const after = `Ann after ${event.type}`;
      db.set("p1", {
        ...row("p1", "ann"),
        author: { ...row("p1", "ann").author, fullName: after },
      });
      hydrator.apply(event);
      gate.resolve();
      expect((await page)[0]?.author.fullName).toBe("name of ann");
      expect((await hydrator.hydrate(["p1"], "me"))[0]?.author.fullName).toBe(after);
      await hydrator.hydrate(["p1"], "me");
      expect(load, event.type).toHaveBeenCalledTimes(2);
    }
  });

  it("passes a failed load to every reader waiting for it, and loads again next time", async () => {
    const { load, hydrator, ids } = setup();
    load.mockRejectedValueOnce(new Error("database down"));
    const pages = [hydrator.hydrate(["p1"], "a"), hydrator.hydrate(["p1"], "b")];
    for (const page of pages) await expect(page).rejects.toThrow("database down");
    expect(await ids(["p1"], "a")).toEqual(["p1"]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
