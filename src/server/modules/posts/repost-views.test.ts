// The reposts a reader was shown, kept until an event may have changed them (repost-views.ts).
import { describe, expect, it, vi } from "vitest";
import type { DomainEvent } from "../../realtime/events";
import type { PersonRow } from "../profiles/person";
import { RepostViews, type VisibleRepost } from "./repost-views";

const person = (userId: string): PersonRow => ({
  userId,
  fullName: `Name of ${userId}`,
  username: null,
  defaultUsername: userId,
  emailAddress: `${userId}@example.com`,
  profileImageUrl: null,
  verificationType: "none",
  veteran: false,
});

/** Repost `r1` is Ben's of Cal's post, `r2` Dan's of Eve's; `hidden` is one the rule hides. */
const reposts: Record<string, VisibleRepost> = {
  r1: { id: "r1", postId: "p1", authorId: "cal", reposter: person("ben") },
  r2: { id: "r2", postId: "p2", authorId: "eve", reposter: person("dan") },
};

function setup() {
  const load = vi.fn(async (_viewer: string | null, ids: string[]) =>
    ids.flatMap((id) => reposts[id] ?? []),
  );
  const views = new RepostViews({ load, maxBytes: 1_000_000 });
  const shown = async (viewer: string | null, ids: string[]) =>
    (await views.visible(viewer, ids)).map((r) => r.id).sort();
  return { load, views, shown };
}

describe("RepostViews", () => {
  it("asks nothing for reposts the reader was shown, and each reader their own", async () => {
    const { load, shown } = setup();
    expect(await shown("reader", ["r1", "r2"])).toEqual(["r1", "r2"]);
    expect(await shown("reader", ["r1", "r2"])).toEqual(["r1", "r2"]);
    expect(await shown("reader", ["r2"])).toEqual(["r2"]);
    expect(await shown("other", ["r1"])).toEqual(["r1"]);
    expect(load.mock.calls).toEqual([
      ["reader", ["r1", "r2"]],
      ["other", ["r1"]],
    ]);
  });

  it("asks again only for what the rule hid, and always for nobody signed in", async () => {
    const { load, shown } = setup();
    expect(await shown("reader", ["r1", "hidden"])).toEqual(["r1"]);
    expect(await shown("reader", ["r1", "hidden"])).toEqual(["r1"]);
    expect(await shown(null, ["r1"])).toEqual(["r1"]);
    expect(await shown(null, ["r1"])).toEqual(["r1"]);
    expect(load.mock.calls).toEqual([
      ["reader", ["r1", "hidden"]],
      ["reader", ["hidden"]],
      [null, ["r1"]],
      [null, ["r1"]],
    ]);
  });

  const again: [string, DomainEvent, string[]][] = [
    ["the reader blocks or mutes", { type: "relation.changed", userIds: ["reader"] }, ["reader"]],
    ["a block names both", { type: "relation.changed", userIds: ["cal", "other"] }, ["other"]],
    [
      "the reader follows or unfollows",
      {
        type: "follow.changed",
        followerId: "reader",
        followingId: "cal",
        following: false,
        followerCounts: { friends: 0, following: 0, followers: 0 },
        followingCounts: { friends: 0, following: 0, followers: 0 },
      },
      ["reader"],
    ],
    [
      "the reposter's profile changes",
      { type: "profile.changed", userId: "ben" },
      ["reader", "other"],
    ],
    [
      "the author's profile changes",
      { type: "profile.changed", userId: "cal" },
      ["reader", "other"],
    ],
    ["someone is suspended", { type: "account.suspended", userId: "zed" }, ["reader", "other"]],
    ["an account is deleted", { type: "account.deleted", userId: "zed" }, ["reader", "other"]],
    ["someone else's profile changes", { type: "profile.changed", userId: "zed" }, []],
    ["someone else blocks or mutes", { type: "relation.changed", userIds: ["zed"] }, []],
  ];
  it.each(again)(
    "when %s, asks again for the readers it may have changed",
    async (_, event, readers) => {
      const { load, views, shown } = setup();
      await shown("reader", ["r1"]);
      await shown("other", ["r1"]);
      load.mockClear();
      views.apply(event);
      await shown("reader", ["r1"]);
      await shown("other", ["r1"]);
      expect(load.mock.calls.map(([viewer]) => viewer)).toEqual(readers);
    },
  );

  it("shows but does not keep what was read across a change it may miss", async () => {
    const { load, views, shown } = setup();
    let release = () => {};
    load.mockImplementationOnce(async (_viewer, ids) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return ids.flatMap((id) => reposts[id] ?? []);
    });
    // The author's profile changes while the reader's reposts are read: what was read may hold
    // the old profile, for a reader whose entry held nothing to drop.
    const reading = shown("reader", ["r1"]);
    views.apply({ type: "profile.changed", userId: "cal" });
    release();
    expect(await reading).toEqual(["r1"]);
    expect(await shown("reader", ["r1"])).toEqual(["r1"]);
    expect(load).toHaveBeenCalledTimes(2);

    // The same for the reader's own relations changing mid-read.
    load.mockClear();
    load.mockImplementationOnce(async (_viewer, ids) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return ids.flatMap((id) => reposts[id] ?? []);
    });
    views.apply({ type: "relation.changed", userIds: ["other"] });
    const other = shown("other", ["r2"]);
    views.apply({ type: "relation.changed", userIds: ["other"] });
    release();
    expect(await other).toEqual(["r2"]);
    await shown("other", ["r2"]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets everything when events may have been lost", async () => {
    const { load, views, shown } = setup();
    await shown("reader", ["r1"]);
    views.clear();
    await shown("reader", ["r1"]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
