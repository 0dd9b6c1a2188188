// Bookmarks and pinned posts (docs/feed.md "Bookmarks", "Pinned posts"): a bookmark is one per
// person and post and its owner's alone, the Bookmarks page drops what its owner may no longer
// see, and a person pins at most three of their own posts, however many requests race.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ann: TestAccount;
let ben: TestAccount;
let cal: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [ann, ben, cal] = await Promise.all([
    createAccount(t, { label: "ann" }),
    createAccount(t, { label: "ben" }),
    createAccount(t, { label: "cal" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const bookmarks = async (who: TestAccount, query = "") => {
  const res = await inject(t, who, "GET", `/api/bookmarks${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: PostView[]; nextCursor: string | null };
};
const ids = (page: { items: PostView[] }) => page.items.map((p) => p.id);
const bookmarkRows = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from post_bookmarks where user_id = ${userId}`,
    )
  )[0]?.n;
const pinned = async (who: TestAccount | null, owner: TestAccount) => {
  const res = await inject(t, who, "GET", `/api/users/${owner.userId}/pinned-posts`);
  expect(res.statusCode, res.body).toBe(200);
  return ids(res.json());
};

describe("bookmarks", () => {
  it("keeps one bookmark however often it is put, and removing it twice is no error", async () => {
    const post = await publish(t, ben, "A post worth keeping");
    for (let i = 0; i < 3; i++) {
      const res = await inject(t, ann, "PUT", `/api/posts/${post.id}/bookmark`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ bookmarked: true });
    }
    await Promise.all([1, 2, 3].map(() => inject(t, ann, "PUT", `/api/posts/${post.id}/bookmark`)));
    expect(await bookmarkRows(ann.userId)).toBe(1);
    expect(ids(await bookmarks(ann))).toEqual([post.id]);
    const marks = await inject(t, ann, "GET", `/api/posts/${post.id}/marks`);
    expect(marks.json()).toEqual({ bookmarked: true, pinned: false });

    for (let i = 0; i < 2; i++) {
      const res = await inject(t, ann, "DELETE", `/api/posts/${post.id}/bookmark`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ bookmarked: false });
    }
    expect(await bookmarkRows(ann.userId)).toBe(0);
    expect((await bookmarks(ann)).items).toEqual([]);
  });

  it("are private: nobody else sees them or learns of them", async () => {
    const post = await publish(t, ben, "Bookmarked by Ann only");
    await inject(t, ann, "PUT", `/api/posts/${post.id}/bookmark`);
    expect(ids(await bookmarks(cal))).toEqual([]);
    expect(ids(await bookmarks(ben))).toEqual([]);
    // Ben wrote the post; he still does not learn that Ann keeps it.
    expect((await inject(t, ben, "GET", `/api/posts/${post.id}/marks`)).json()).toEqual({
      bookmarked: false,
      pinned: false,
    });
    const seen = (await inject(t, ben, "GET", `/api/posts/${post.id}`)).json().post;
    expect(Object.keys(seen).filter((key) => /bookmark/i.test(key))).toEqual([]);
    expect((await inject(t, null, "GET", "/api/bookmarks")).statusCode).toBe(401);
    expect((await inject(t, null, "PUT", `/api/posts/${post.id}/bookmark`)).statusCode).toBe(401);
    await inject(t, ann, "DELETE", `/api/posts/${post.id}/bookmark`);
  });

  it("refuses a post the person may not see, and a bad id, changing nothing", async () => {
    const dan = await createAccount(t, { label: "dan" });
    const post = await publish(t, dan, "Dan blocks Cal");
    expect((await inject(t, dan, "POST", `/api/safety/blocks/${cal.userId}`)).statusCode).toBe(200);
    const res = await inject(t, cal, "PUT", `/api/posts/${post.id}/bookmark`);
    expect(res.statusCode).toBe(404);
    expect((await inject(t, cal, "PUT", "/api/posts/not-a-uuid/bookmark")).statusCode).toBe(400);
    expect(await bookmarkRows(cal.userId)).toBe(0);
  });

  it("leaves out posts deleted, of a blocking author, or of a private account no longer followed", async () => {
    const [eve, fay, gus, hal] = await Promise.all([
      createAccount(t, { label: "eve" }),
      createAccount(t, { label: "fay" }),
      createAccount(t, { label: "gus" }),
      createAccount(t, { label: "hal" }),
    ]);
    await follow(t, eve, gus);
    const kept = await publish(t, fay, "Stays visible");
    const deleted = await publish(t, fay, "Soon deleted");
    const blocker = await publish(t, hal, "Hal will block Eve");
    const privately = await publish(t, gus, "Gus goes private");
    for (const post of [kept, deleted, blocker, privately]) {
      expect((await inject(t, eve, "PUT", `/api/posts/${post.id}/bookmark`)).statusCode).toBe(200);
    }
    expect(ids(await bookmarks(eve))).toEqual([privately.id, blocker.id, deleted.id, kept.id]);

    expect((await inject(t, fay, "DELETE", `/api/posts/${deleted.id}`)).statusCode).toBe(200);
    expect((await inject(t, hal, "POST", `/api/safety/blocks/${eve.userId}`)).statusCode).toBe(200);
    const privacy = await inject(t, gus, "PUT", "/api/account/privacy", { privateAccount: true });
    expect(privacy.statusCode, privacy.body).toBe(200);
    // Still an approved follower: Gus's post stays.
    expect(ids(await bookmarks(eve))).toEqual([privately.id, kept.id]);
    const unfollow = await inject(t, eve, "POST", "/api/follows/toggle", {
      targetUserId: gus.userId,
    });
    expect(unfollow.json().following).toBe(false);
    expect(ids(await bookmarks(eve))).toEqual([kept.id]);
  });

  it("pages newest bookmark first by keyset, whatever the posts' own order", async () => {
    const ivy = await createAccount(t, { label: "ivy" });
    const posts = [];
    for (const text of ["first", "second", "third"]) posts.push(await publish(t, ben, text));
    // Bookmarked in another order than written: the page follows the bookmarks.
    for (const i of [1, 0, 2]) {
      await inject(t, ivy, "PUT", `/api/posts/${posts[i]?.id}/bookmark`);
    }
    const first = await bookmarks(ivy, "?limit=2");
    expect(ids(first)).toEqual([posts[2]?.id, posts[0]?.id]);
    expect(first.nextCursor).not.toBeNull();
    const next = await bookmarks(ivy, `?limit=2&cursor=${first.nextCursor}`);
    expect(ids(next)).toEqual([posts[1]?.id]);
    expect(next.nextCursor).toBeNull();
    expect((await inject(t, ivy, "GET", "/api/bookmarks?cursor=nonsense")).statusCode).toBe(400);
  });
});

describe("pinned posts", () => {
  it("pins up to three of one's own posts, newest pin first; a fourth is refused, changing nothing", async () => {
    const jo = await createAccount(t, { label: "jo" });
    const posts = [];
    for (const n of [1, 2, 3, 4]) posts.push(await publish(t, jo, `Jo's post ${n}`));
    const [p1, p2, p3, p4] = posts.map((p) => p.id) as [string, string, string, string];
    for (const id of [p2, p1, p3]) {
      const res = await inject(t, jo, "PUT", `/api/posts/${id}/pin`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ pinned: true });
    }
    // Pinning a pinned post again changes nothing.
    expect((await inject(t, jo, "PUT", `/api/posts/${p1}/pin`)).statusCode).toBe(200);
    const fourth = await inject(t, jo, "PUT", `/api/posts/${p4}/pin`);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({
      code: "too_many_pins",
      message: "You can pin up to 3 posts. Unpin one to pin this post.",
    });
    expect(await pinned(null, jo)).toEqual([p3, p1, p2]);
    expect(await pinned(ann, jo)).toEqual([p3, p1, p2]);
    expect((await inject(t, ann, "GET", `/api/posts/${p1}/marks`)).json().pinned).toBe(true);

    // Unpinning frees a slot.
    const unpin = await inject(t, jo, "DELETE", `/api/posts/${p1}/pin`);
    expect(unpin.json()).toEqual({ pinned: false });
    expect((await inject(t, jo, "PUT", `/api/posts/${p4}/pin`)).statusCode).toBe(200);
    expect(await pinned(jo, jo)).toEqual([p4, p3, p2]);
  });

  it("answers 404 for anyone else's post, and for a post that is not there", async () => {
    const post = await publish(t, ben, "Ben's, not Ann's");
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await inject(t, ann, method, `/api/posts/${post.id}/pin`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("Post not found");
    }
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await inject(t, ann, "PUT", `/api/posts/${missing}/pin`)).statusCode).toBe(404);
    expect(await pinned(null, ben)).toEqual([]);
  });

  it("never holds more than three under concurrent requests", async () => {
    const kim = await createAccount(t, { label: "kim" });
    const posts = [];
    for (let n = 0; n < 8; n++) posts.push(await publish(t, kim, `Kim races ${n}`));
    const answers = await Promise.all(
      posts.map((p) => inject(t, kim, "PUT", `/api/posts/${p.id}/pin`)),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await pinned(kim, kim)).toHaveLength(3);
    // The same post pinned at once from many requests is one pin, and every answer is 200.
    const lee = await createAccount(t, { label: "lee" });
    const one = await publish(t, lee, "Pinned in a rush");
    const same = await Promise.all(
      [1, 2, 3, 4].map(() => inject(t, lee, "PUT", `/api/posts/${one.id}/pin`)),
    );
    expect(same.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await pinned(lee, lee)).toEqual([one.id]);
  });

  it("unpins a post when it is deleted, freeing its slot", async () => {
    const max = await createAccount(t, { label: "max" });
    const posts = [];
    for (const n of [1, 2, 3, 4]) posts.push(await publish(t, max, `Max ${n}`));
    for (const p of posts.slice(0, 3)) await inject(t, max, "PUT", `/api/posts/${p.id}/pin`);
    expect((await inject(t, max, "DELETE", `/api/posts/${posts[0]?.id}`)).statusCode).toBe(200);
    const rows = await queryRows<{ post_id: string }>(
      t.database.db,
      sql`select post_id from post_pins where user_id = ${max.userId}`,
    );
    expect(rows.map((r) => r.post_id)).not.toContain(posts[0]?.id);
    expect((await inject(t, max, "PUT", `/api/posts/${posts[3]?.id}/pin`)).statusCode).toBe(200);
    expect(await pinned(max, max)).toHaveLength(3);
  });

  it("frees the slot of a post a moderator removed at its author's next pin", async () => {
    const ola = await createAccount(t, { label: "ola" });
    const posts = [];
    for (const n of [1, 2, 3, 4]) posts.push(await publish(t, ola, `Ola ${n}`));
    const [p1, p2, p3, p4] = posts.map((p) => p.id) as [string, string, string, string];
    for (const id of [p1, p2, p3]) await inject(t, ola, "PUT", `/api/posts/${id}/pin`);
    // As a moderator's removal leaves it (posts/moderation.ts): hidden, and no longer hers to touch.
    await queryRows(
      t.database.db,
      sql`update posts set deleted_at = now(), removed_at = now() where id = ${p2}`,
    );
    expect(await pinned(null, ola)).toEqual([p3, p1]);
    expect((await inject(t, ola, "DELETE", `/api/posts/${p2}/pin`)).statusCode).toBe(404);
    expect((await inject(t, ola, "PUT", `/api/posts/${p4}/pin`)).statusCode).toBe(200);
    expect(await pinned(ola, ola)).toEqual([p4, p3, p1]);
  });

  it("shows a private account's pins to its followers and itself only", async () => {
    const nia = await createAccount(t, { label: "nia" });
    const post = await publish(t, nia, "Pinned and private");
    await inject(t, nia, "PUT", `/api/posts/${post.id}/pin`);
    await inject(t, nia, "PUT", "/api/account/privacy", { privateAccount: true });
    expect(await pinned(null, nia)).toEqual([]);
    expect(await pinned(ann, nia)).toEqual([]);
    expect(await pinned(nia, nia)).toEqual([post.id]);
  });
});
