import { describe, expect, it, vi } from "vitest";
import type { DomainEvent } from "../../realtime/events";
import { PostHydrator } from "./hydration";
import type { HydratedPost } from "./queries";

function row(id: string, authorId: string, likes = 0): HydratedPost {
  return {
    post: { id, userId: authorId, likesCount: likes } as HydratedPost["post"],
    author: { userId: authorId, fullName: `name of ${authorId}` } as HydratedPost["author"],
    likedByMe: false,
  };
}

function setup() {
  const db = new Map<string, HydratedPost>([
    ["p1", row("p1", "ann")],
    ["p2", row("p2", "ann")],
    ["p3", row("p3", "bo")],
  ]);
  const liked = new Set<string>();
  const load = vi.fn(async (ids: string[], viewerId: string | null) =>
    ids.flatMap((id) => {
      const found = db.get(id);
      if (!found) return [];
      return [{ ...found, likedByMe: liked.has(`${viewerId}:${id}`) }];
    }),
  );
  const hydrator = new PostHydrator({ load });
  const ids = async (list: string[], viewer: string | null) =>
    (await hydrator.hydrate(list, viewer)).map((r) => r.post.id).sort();
  return { db, liked, load, hydrator, ids };
}

describe("PostHydrator", () => {
  it("loads only what it does not hold, in one query", async () => {
    const { load, ids } = setup();
    expect(await ids(["p1", "p2"], "me")).toEqual(["p1", "p2"]);
    expect(await ids(["p1", "p2", "p3"], "me")).toEqual(["p1", "p2", "p3"]);
    expect(await ids(["p1", "p2", "p3"], "me")).toEqual(["p1", "p2", "p3"]);
    expect(load.mock.calls).toEqual([
      [["p1", "p2"], "me"],
      [["p3"], "me"],
    ]);
  });

  it("keeps likes per reader: another reader's page asks for their likes", async () => {
    const { load, liked, hydrator } = setup();
    liked.add("you:p1");
    await hydrator.hydrate(["p1"], "me");
    const [yours] = await hydrator.hydrate(["p1"], "you");
    expect(yours?.likedByMe).toBe(true);
    const [visitor] = await hydrator.hydrate(["p1"], null);
    expect(visitor?.likedByMe).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reloads what events changed", async () => {
    const { db, liked, load, hydrator } = setup();
    await hydrator.hydrate(["p1", "p3"], "me");
    db.set("p1", row("p1", "ann", 1));
    liked.add("me:p1");
    hydrator.apply({ type: "post.liked", postId: "p1", userId: "me" });
    const rows = await hydrator.hydrate(["p1", "p3"], "me");
    expect(rows.find((r) => r.post.id === "p1")).toMatchObject({
      likedByMe: true,
      post: { likesCount: 1 },
    });
    expect(load.mock.calls.at(-1)).toEqual([["p1"], "me"]);

    const events: DomainEvent[] = [
      { type: "post.counted", postId: "p3" },
      { type: "post.updated", authorId: "bo", postId: "p3", content: "x", updatedAt: "" },
      { type: "post.deleted", authorId: "bo", postId: "p3" },
    ];
    for (const event of events) {
      hydrator.apply(event);
      await hydrator.hydrate(["p3"], "me");
      expect(load.mock.calls.at(-1)).toEqual([["p3"], "me"]);
    }
  });

  it("reloads an author's posts after their profile changed", async () => {
    const { db, hydrator } = setup();
    await hydrator.hydrate(["p1", "p2"], "me");
    db.set("p2", {
      ...row("p2", "ann"),
      author: { ...row("p2", "ann").author, fullName: "Ann B" },
    });
    hydrator.apply({ type: "profile.changed", userId: "ann" });
    const rows = await hydrator.hydrate(["p2"], "me");
    expect(rows[0]?.author.fullName).toBe("Ann B");
  });

  it("serves nothing for a post that is gone", async () => {
    const { ids } = setup();
    expect(await ids(["p1", "nope"], "me")).toEqual(["p1"]);
  });
});
