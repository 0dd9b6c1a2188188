// Hashtags (docs/feed.md "Hashtags", docs/search.md "Trending tags"): a post's tags follow its text
// through edits, deletion and a moderator's removal; a tag's page shows only what the viewer may
// see; following a tag brings its posts into the home feed, and unfollowing takes them out.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { hidePostForModeration, restorePostForModeration } from "./moderation";

let t: TestApp;
let ann: TestAccount;
let ben: TestAccount;
let cal: TestAccount;
let mod: TestAccount;
const MODERATOR = "moderator.tags@example.com";

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: MODERATOR });
  [ann, ben, cal, mod] = await Promise.all([
    createAccount(t, { label: "ann" }),
    createAccount(t, { label: "ben" }),
    createAccount(t, { label: "cal" }),
    createAccount(t, { email: MODERATOR, fullName: "Mod" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

type Page = { items: PostView[]; nextCursor: string | null };
const ids = (page: Page) => page.items.map((p) => p.id);
const tagPosts = async (who: TestAccount | null, tag: string, query = "") => {
  const res = await inject(t, who, "GET", `/api/tags/${encodeURIComponent(tag)}/posts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const tagOf = async (who: TestAccount | null, tag: string) => {
  const res = await inject(t, who, "GET", `/api/tags/${encodeURIComponent(tag)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    name: string;
    display: string;
    postsCount: number;
    following: boolean;
    hiddenFromTrending: boolean | null;
  };
};
const feed = async (who: TestAccount, query = "") => {
  const res = await inject(t, who, "GET", `/api/feed${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const followTag = async (who: TestAccount, tag: string, method: "PUT" | "DELETE" = "PUT") => {
  const res = await inject(t, who, method, `/api/tags/${encodeURIComponent(tag)}/follow`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { following: boolean };
};
const newAccount = (label: string) => createAccount(t, { label });

describe("a tag's page", () => {
  it("lists the tag's posts newest first in keyset pages, whatever case or form it was written in", async () => {
    const first = await publish(t, ann, "Morning #Café au lait");
    const second = await publish(t, ben, "#CAFÉ again, and #café once more");
    const third = await publish(t, cal, "Decomposed #cafe\u0301!");
    await publish(t, cal, "Not a tag: https://x.test/menu#café");

    const tag = await tagOf(null, "café");
    expect(tag).toEqual({
      name: "café",
      display: "Café",
      postsCount: 3,
      following: false,
      hiddenFromTrending: null,
    });
    expect(await tagOf(null, "#CAFÉ")).toEqual(tag);

    const one = await tagPosts(null, "Café", "?limit=2");
    expect(ids(one)).toEqual([third.id, second.id]);
    const two = await tagPosts(null, "café", `?limit=2&cursor=${one.nextCursor}`);
    expect(ids(two)).toEqual([first.id]);
    expect(two.nextCursor).toBeNull();
  });

  it("answers 404 for what cannot be a tag, and an empty page for a tag nobody wrote", async () => {
    for (const bad of ["123", "a-b", "a b", "x".repeat(101), "語".repeat(101)]) {
      const res = await inject(t, null, "GET", `/api/tags/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toBe("Tag not found");
      const posts = await inject(t, null, "GET", `/api/tags/${encodeURIComponent(bad)}/posts`);
      expect(posts.statusCode, bad).toBe(404);
    }
    expect(await tagOf(null, "nobodywrotethis")).toEqual({
      name: "nobodywrotethis",
      display: "nobodywrotethis",
      postsCount: 0,
      following: false,
      hiddenFromTrending: null,
    });
    expect((await tagPosts(null, "nobodywrotethis")).items).toEqual([]);
    // The longest tag in another script, percent-encoded in the address (900 bytes).
    const long = "語".repeat(100);
    expect((await tagOf(null, long)).name).toBe(long);
    const cursor = await inject(t, null, "GET", "/api/tags/x/posts?cursor=nonsense");
    expect(cursor.statusCode).toBe(400);
  });

  it("follows the text through an edit and loses a deleted post", async () => {
    const post = await publish(t, ann, "Edit me #before");
    expect(ids(await tagPosts(null, "before"))).toEqual([post.id]);

    const edit = await inject(t, ann, "PATCH", `/api/posts/${post.id}`, { content: "Now #after" });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(ids(await tagPosts(null, "before"))).toEqual([]);
    expect((await tagOf(null, "before")).postsCount).toBe(0);
    expect(ids(await tagPosts(null, "after"))).toEqual([post.id]);

    expect((await inject(t, ann, "DELETE", `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(ids(await tagPosts(null, "after"))).toEqual([]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from post_tags where post_id = ${post.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("shows what the viewer may see only: private accounts, blocks, mutes, a moderator's removal", async () => {
    const [priv, follower, blocker, muter, author] = await Promise.all(
      ["priv", "pfollower", "blocker", "muter", "author"].map(newAccount),
    );
    await follow(t, follower as TestAccount, priv as TestAccount);
    const privacy = await inject(t, priv as TestAccount, "PUT", "/api/account/privacy", {
      privateAccount: true,
    });
    expect(privacy.statusCode, privacy.body).toBe(200);
    const hidden = await publish(t, priv as TestAccount, "Only for followers #visibility");
    const open = await publish(t, author as TestAccount, "For everyone #visibility");

    expect(ids(await tagPosts(null, "visibility"))).toEqual([open.id]);
    expect(ids(await tagPosts(cal, "visibility"))).toEqual([open.id]);
    expect(ids(await tagPosts(follower as TestAccount, "visibility"))).toEqual([
      open.id,
      hidden.id,
    ]);
    expect(ids(await tagPosts(priv as TestAccount, "visibility"))).toEqual([open.id, hidden.id]);

    const blocked = await inject(
      t,
      blocker as TestAccount,
      "POST",
      `/api/safety/blocks/${(author as TestAccount).userId}`,
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(ids(await tagPosts(blocker as TestAccount, "visibility"))).toEqual([]);
    // The block hides the blocker from the author too.
    const mine = await publish(t, blocker as TestAccount, "Blocker's #visibility");
    expect(ids(await tagPosts(author as TestAccount, "visibility"))).toEqual([open.id]);
    expect(ids(await tagPosts(null, "visibility"))).toEqual([mine.id, open.id]);

    const muted = await inject(
      t,
      muter as TestAccount,
      "POST",
      `/api/safety/mutes/${(author as TestAccount).userId}`,
    );
    expect(muted.statusCode, muted.body).toBe(200);
    expect(ids(await tagPosts(muter as TestAccount, "visibility"))).toEqual([mine.id]);

    const authorId = (author as TestAccount).userId;
    // The post quotes nothing, so its removal has no event to publish.
    const fx = { publishAfterCommit: () => {} };
    await t.database.db.transaction((tx) =>
      hidePostForModeration(tx, fx, { postId: open.id, authorId, at: new Date() }),
    );
    expect(ids(await tagPosts(null, "visibility"))).toEqual([mine.id]);
    await t.database.db.transaction((tx) =>
      restorePostForModeration(tx, fx, { postId: open.id, authorId }),
    );
    expect(ids(await tagPosts(null, "visibility"))).toEqual([mine.id, open.id]);
  });
});

describe("following a tag", () => {
  it("brings the tag's posts into the home feed, on the first page and after, until unfollowed", async () => {
    const [reader, writer, secret] = await Promise.all(
      ["reader", "writer", "secret"].map(newAccount),
    );
    const r = reader as TestAccount;
    expect(await followTag(r, "Gardening")).toEqual({ following: true });
    // Again is no change.
    await Promise.all([followTag(r, "gardening"), followTag(r, "GARDENING")]);
    const follows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from tag_follows where user_id = ${r.userId}`,
    );
    expect(follows[0]?.n).toBe(1);
    expect((await tagOf(r, "gardening")).following).toBe(true);

    // The reader's page is cached before the posts come (docs/feed.md "Serving active readers").
    expect((await feed(r)).items).toEqual([]);
    const older = await publish(t, writer as TestAccount, "Tomatoes #gardening");
    await inject(t, secret as TestAccount, "PUT", "/api/account/privacy", { privateAccount: true });
    await publish(t, secret as TestAccount, "Private #gardening");
    const newer = await publish(t, writer as TestAccount, "Basil #Gardening");
    await publish(t, writer as TestAccount, "No tag here");
    expect(ids(await feed(r))).toEqual([newer.id, older.id]);

    // Later pages read the merge, which carries the tag too.
    const one = await feed(r, "?limit=1");
    expect(ids(one)).toEqual([newer.id]);
    expect(ids(await feed(r, `?limit=1&cursor=${one.nextCursor}`))).toEqual([older.id]);

    expect(await followTag(r, "gardening", "DELETE")).toEqual({ following: false });
    expect(await followTag(r, "gardening", "DELETE")).toEqual({ following: false });
    expect((await feed(r)).items).toEqual([]);
    expect((await tagOf(r, "gardening")).following).toBe(false);
  });

  it("needs an account, and a name that can be a tag", async () => {
    expect((await inject(t, null, "PUT", "/api/tags/gardening/follow")).statusCode).toBe(401);
    expect((await inject(t, ann, "PUT", "/api/tags/123/follow")).statusCode).toBe(404);
  });
});

describe("suggestions and trending", () => {
  it("suggests used tags starting with what is typed, with their post counts", async () => {
    await publish(t, ann, "#Suggestable and #suggestion");
    await publish(t, ben, "#suggestable too");
    const res = await inject(t, null, "GET", `/api/tags/suggest?q=${encodeURIComponent("#SUGG")}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { name: "suggestable", display: "Suggestable", count: 2 },
      { name: "suggestion", display: "suggestion", count: 1 },
    ]);
    const none = await inject(t, null, "GET", "/api/tags/suggest?q=%25");
    expect(none.json().items).toEqual([]);
  });

  it("ranks tags by the distinct people who used them in the last day", async () => {
    const people = await Promise.all(["t1", "t2", "t3"].map(newAccount));
    for (const who of people) await publish(t, who, "#trendy thing");
    await publish(t, ann, "#lonely #lonely #Lonely");
    await publish(t, ann, "#lonely again");
    const res = await inject(t, null, "GET", "/api/tags/trending");
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { name: string; count: number }[];
    expect(items.find((i) => i.name === "trendy")?.count).toBe(3);
    expect(items.find((i) => i.name === "lonely")?.count).toBe(1);
    expect(items.findIndex((i) => i.name === "trendy")).toBeLessThan(
      items.findIndex((i) => i.name === "lonely"),
    );
  });

  it("keeps a tag a moderator hides out of trending, audited once, until they let it back", async () => {
    const people = await Promise.all(["h1", "h2"].map(newAccount));
    for (const who of people) await publish(t, who, "#hideme now");
    const trendingNames = async () =>
      ((await inject(t, null, "GET", "/api/tags/trending")).json().items as { name: string }[]).map(
        (i) => i.name,
      );
    expect(await trendingNames()).toContain("hideme");

    // Not a moderator: the tool does not exist.
    expect((await inject(t, ann, "PUT", "/api/tags/hideme/trending-hidden")).statusCode).toBe(404);
    expect((await inject(t, null, "PUT", "/api/tags/hideme/trending-hidden")).statusCode).toBe(401);
    expect((await tagOf(ann, "hideme")).hiddenFromTrending).toBeNull();
    expect(await trendingNames()).toContain("hideme");
    // A tag nobody wrote cannot be hidden.
    const unknown = await inject(t, mod, "PUT", "/api/tags/neverwritten/trending-hidden");
    expect(unknown.statusCode).toBe(404);

    for (let i = 0; i < 2; i++) {
      const res = await inject(t, mod, "PUT", "/api/tags/HideMe/trending-hidden");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ hidden: true });
    }
    expect(await trendingNames()).not.toContain("hideme");
    expect((await tagOf(mod, "hideme")).hiddenFromTrending).toBe(true);
    // Hidden from trending only: its page and posts stay.
    expect((await tagPosts(null, "hideme")).items).toHaveLength(2);

    const shown = await inject(t, mod, "DELETE", "/api/tags/hideme/trending-hidden");
    expect(shown.json()).toEqual({ hidden: false });
    expect(await trendingNames()).toContain("hideme");
    const audit = await queryRows<{ action: string; target_type: string; target_id: string }>(
      t.database.db,
      sql`select action, target_type, target_id from moderation_actions
          where target_type = 'tag' order by created_at`,
    );
    expect(audit).toEqual([
      { action: "hide_tag", target_type: "tag", target_id: "hideme" },
      { action: "show_tag", target_type: "tag", target_id: "hideme" },
    ]);
    const log = await inject(t, mod, "GET", "/api/admin/audit");
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items[0]).toMatchObject({
      action: "show_tag",
      targetType: "tag",
      targetId: "hideme",
      targetUser: null,
    });
  });
});
