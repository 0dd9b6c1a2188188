// Reposts and quotes in Activity and on profiles (docs/social-and-realtime.md "Reposts and quotes
// in Activity", docs/feed.md "Reposts and quotes"): the author is told once, never of their own
// repost, and the item goes with the repost or the quote (deleted, detached, removed by a
// moderator); a block forgets it. A profile lists its owner's reposts at the repost's time, paged
// together with their posts, never a post the reader may not see. The quoted post's count follows
// a moderator's removal and restoration.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject, publish, quoteCounts } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const ADMIN = "repost.moderator@example.com";
let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await createAccount(t, { email: ADMIN });
});
afterAll(async () => {
  await t.close();
});

const people = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => createAccount(t)))) as [
    TestAccount,
    TestAccount,
    TestAccount,
    TestAccount,
  ];
const repost = (who: TestAccount, postId: string) =>
  inject(t, who, "PUT", `/api/posts/${postId}/repost`);
const unrepost = (who: TestAccount, postId: string) =>
  inject(t, who, "DELETE", `/api/posts/${postId}/repost`);
const quote = async (who: TestAccount, quoteOf: string, content = "Look at this") => {
  const res = await inject(t, who, "POST", "/api/posts", { content, quoteOf });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as PostView;
};
const moderate = async (postId: string, action: "remove" | "restore") => {
  const res = await inject(t, admin, "POST", "/api/admin/actions", {
    targetType: "post",
    targetId: postId,
    action,
    ...(action === "remove" ? { rule: "spam" } : {}),
    reason: "Checked",
  });
  expect(res.statusCode, res.body).toBe(200);
};
const activity = async (who: TestAccount, type: "REPOST" | "QUOTE") => {
  const res = await inject(t, who, "GET", "/api/activity");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().groups as ActivityGroup[]).filter((g) => g.groupType === type);
};
/** The rows themselves, so a second one would show even where a group counts people once. */
const rows = async (recipient: TestAccount, type: "REPOST" | "QUOTE") =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_activity
          where recipient_id = ${recipient.userId} and type = ${type}`,
    )
  )[0]?.n;
const profile = async (who: TestAccount | null, owner: TestAccount, query = "") => {
  const res = await inject(t, who, "GET", `/api/users/${owner.userId}/posts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: PostView[]; nextCursor: string | null };
};
/** Each item as "post id" or "post id by reposter id". */
const listed = async (who: TestAccount | null, owner: TestAccount) =>
  (await profile(who, owner)).items.map((p) =>
    p.repostedBy ? `${p.id} by ${p.repostedBy.person.userId}` : p.id,
  );

describe("the author is told of a repost", () => {
  it("once however often it is put, never of their own, and the undoing takes it back", async () => {
    const [ann, ben, cal] = await people(3);
    const post = await publish(t, ann, "Worth sharing");
    await repost(ben, post.id);
    await repost(ben, post.id);
    await repost(cal, post.id);
    await repost(ann, post.id);
    const [group] = await activity(ann, "REPOST");
    expect(group).toMatchObject({ postId: post.id, actorCount: 2, unread: true });
    expect(group?.postSnippet).toBe("Worth sharing");
    expect(group?.actorsRecent.map((p) => p.userId)).toEqual([cal.userId, ben.userId]);
    expect(await rows(ann, "REPOST")).toBe(2);

    await unrepost(ben, post.id);
    await unrepost(ben, post.id);
    expect((await activity(ann, "REPOST"))[0]?.actorsRecent.map((p) => p.userId)).toEqual([
      cal.userId,
    ]);
    await unrepost(cal, post.id);
    await unrepost(ann, post.id);
    expect(await activity(ann, "REPOST")).toEqual([]);
    expect(await rows(ann, "REPOST")).toBe(0);
  });

  it("not by someone in a block either way, and a block forgets what was told", async () => {
    const [ann, ben, cal] = await people(3);
    const post = await publish(t, ann, "Blocks apply");
    await inject(t, ann, "POST", `/api/safety/blocks/${cal.userId}`);
    expect((await repost(cal, post.id)).statusCode).toBe(404);
    await repost(ben, post.id);
    expect(await rows(ann, "REPOST")).toBe(1);
    await inject(t, ben, "POST", `/api/safety/blocks/${ann.userId}`);
    expect(await activity(ann, "REPOST")).toEqual([]);
    expect(await rows(ann, "REPOST")).toBe(0);
  });
});

describe("the author is told of a quote", () => {
  it("with the quote's words, opening the quote; deleting or detaching it takes that back", async () => {
    const [ann, ben, cal] = await people(3);
    const post = await publish(t, ann, "Quote me");
    const first = await quote(ben, post.id, "Ben's take");
    const second = await quote(cal, post.id, "Cal's take");
    await quote(ann, post.id, "My own take");
    const groups = await activity(ann, "QUOTE");
    expect(groups.map((g) => [g.postId, g.postSnippet, g.target])).toEqual([
      [second.id, "Cal's take", second.path],
      [first.id, "Ben's take", first.path],
    ]);
    expect(await rows(ann, "QUOTE")).toBe(2);

    expect((await inject(t, ben, "DELETE", `/api/posts/${first.id}`)).statusCode).toBe(200);
    expect((await activity(ann, "QUOTE")).map((g) => g.postId)).toEqual([second.id]);
    expect((await inject(t, ann, "DELETE", `/api/posts/${second.id}/quote`)).statusCode).toBe(200);
    expect((await inject(t, ann, "DELETE", `/api/posts/${second.id}/quote`)).statusCode).toBe(200);
    expect(await activity(ann, "QUOTE")).toEqual([]);
    expect(await rows(ann, "QUOTE")).toBe(0);
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 1, counted: 1 });
  });

  it("quoting a quote's content warning, never the words behind it", async () => {
    const [ann, ben] = await people(2);
    const post = await publish(t, ann, "The finale");
    const res = await inject(t, ben, "POST", "/api/posts", {
      content: "The butler did it",
      contentWarning: "Finale spoilers",
      quoteOf: post.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await activity(ann, "QUOTE")).map((g) => g.postSnippet)).toEqual([
      "Content warning: Finale spoilers",
    ]);
  });

  it("not by someone they block, nor of a quote they may not see", async () => {
    const [ann, ben, pia] = await people(3);
    const post = await publish(t, ann, "Seen by whom");
    await inject(t, pia, "PUT", "/api/account/privacy", { privateAccount: true });
    // A private account's quote is for its followers: the author, not one, is not shown it.
    await quote(pia, post.id, "Followers only");
    expect(await activity(ann, "QUOTE")).toEqual([]);
    await quote(ben, post.id, "Open");
    expect((await activity(ann, "QUOTE")).map((g) => g.postSnippet)).toEqual(["Open"]);
    await inject(t, ann, "POST", `/api/safety/blocks/${ben.userId}`);
    expect(await activity(ann, "QUOTE")).toEqual([]);
  });
});

describe("quote counts under moderation", () => {
  it("fall when a moderator removes a quote, once, and rise again when it is restored", async () => {
    const [ann, ben, cal] = await people(3);
    const post = await publish(t, ann, "Moderated quotes");
    const removed = await quote(ben, post.id, "Rude take");
    await quote(cal, post.id, "Kind take");
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 2, counted: 2 });

    await moderate(removed.id, "remove");
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 1, counted: 1 });
    expect((await activity(ann, "QUOTE")).map((g) => g.postSnippet)).toEqual(["Kind take"]);
    // Removed twice is removed once; its author's deletion of it changes nothing more.
    await moderate(removed.id, "remove");
    await inject(t, ben, "DELETE", `/api/posts/${removed.id}`);
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 1, counted: 1 });

    await moderate(removed.id, "restore");
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 2, counted: 2 });
  });

  it("stay when a moderator removes and restores a quote the quoted post's author detached", async () => {
    const [ann, , cal] = await people(3);
    const post = await publish(t, ann, "Detached already");
    const detached = await quote(cal, post.id);
    await inject(t, ann, "DELETE", `/api/posts/${detached.id}/quote`);
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 0, counted: 0 });
    await moderate(detached.id, "remove");
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 0, counted: 0 });
    await moderate(detached.id, "restore");
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 0, counted: 0 });
  });
});

describe("a profile's reposts", () => {
  it("are listed at the repost's time under 'Reposted by', paged with the posts", async () => {
    const [ann, ben, reader] = await people(3);
    const old = await publish(t, ann, "Ann's older post");
    const own = await publish(t, ben, "Ben's own post");
    await repost(ben, old.id);
    const newer = await publish(t, ben, "Ben's newer post");
    const expected = [newer.id, `${old.id} by ${ben.userId}`, own.id];
    expect(await listed(reader, ben)).toEqual(expected);
    expect(await listed(null, ben)).toEqual(expected);
    const [, shown] = (await profile(reader, ben)).items;
    expect(shown?.content).toBe("Ann's older post");
    expect(shown?.repostedBy?.person.userId).toBe(ben.userId);
    // Ann's profile lists her post once, as hers.
    expect(await listed(reader, ann)).toEqual([old.id]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await profile(reader, ben, `?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((p) => (p.repostedBy ? `${p.id} by reposter` : p.id)));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([newer.id, `${old.id} by reposter`, own.id]);

    await unrepost(ben, old.id);
    expect(await listed(reader, ben)).toEqual([newer.id, own.id]);
  });

  it("leave out a post the reader may not see: a block either way, a private author, deletion", async () => {
    const [ann, ben, reader, cal] = await people(4);
    const blocked = await publish(t, ann, "Ann's post");
    const turned = await publish(t, cal, "Cal goes private later");
    const gone = await publish(t, cal, "Cal deletes this");
    for (const id of [blocked.id, turned.id, gone.id]) await repost(ben, id);
    const all = [gone.id, turned.id, blocked.id].map((id) => `${id} by ${ben.userId}`);
    expect(await listed(reader, ben)).toEqual(all);

    await inject(t, reader, "POST", `/api/safety/blocks/${ann.userId}`);
    expect(await listed(reader, ben)).toEqual(all.slice(0, 2));
    await inject(t, reader, "DELETE", `/api/safety/blocks/${ann.userId}`);
    await inject(t, ann, "POST", `/api/safety/blocks/${reader.userId}`);
    expect(await listed(reader, ben)).toEqual(all.slice(0, 2));

    // Both of Cal's posts go from the lists of those who do not follow him.
    await inject(t, cal, "PUT", "/api/account/privacy", { privateAccount: true });
    expect(await listed(reader, ben)).toEqual([]);
    // Cal still sees his own.
    expect(await listed(cal, ben)).toEqual(all);

    await inject(t, cal, "DELETE", `/api/posts/${gone.id}`);
    expect(await listed(cal, ben)).toEqual(all.slice(1));
    expect(await listed(null, ben)).toEqual(all.slice(2));
  });
});
