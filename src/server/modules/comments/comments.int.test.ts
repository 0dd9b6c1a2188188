// Comments (spec-2 §2, §5): one reply level, keyset pages oldest first, exact comments_count,
// comment likes never below 0.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threadComments } from "../../../domain/comment-threads";
import type { CommentView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let author: TestAccount;
let ann: TestAccount;
let bo: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  [author, ann, bo] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
});
afterAll(async () => {
  await t.close();
});

const comment = (who: TestAccount, postId: string, content: string, parentCommentId?: string) =>
  inject(t, who, "POST", `/api/posts/${postId}/comments`, { content, parentCommentId });

describe("comments", () => {
  it("threads one level deep: a reply to a reply attaches to the top-level comment", async () => {
    const post = await publish(t, author, "discuss");
    const top = (await comment(ann, post.id, "  first!  ")).json().comment;
    expect(top).toMatchObject({ content: "first!", parentCommentId: null });
    const reply = (await comment(bo, post.id, "reply", top.id)).json().comment;
    const deeper = (await comment(ann, post.id, "reply to reply", reply.id)).json().comment;
    expect(deeper.parentCommentId).toBe(top.id);

    const page = (await inject(t, null, "GET", `/api/posts/${post.id}/comments`)).json();
    expect(page.items.map((c: CommentView) => c.content)).toEqual([
      "first!",
      "reply",
      "reply to reply",
    ]);
    expect(page.nextCursor).toBeNull();
    const thread = threadComments(page.items);
    expect(thread).toHaveLength(1);
    expect(thread[0]?.replies.map((r: { content: string }) => r.content)).toEqual([
      "reply",
      "reply to reply",
    ]);
    expect((await inject(t, null, "GET", `/api/posts/${post.id}`)).json().post.commentsCount).toBe(
      3,
    );
  });

  it("pages oldest first with no gap or repeat while comments arrive between pages", async () => {
    const post = await publish(t, author, "paged");
    for (let i = 1; i <= 5; i++) await comment(ann, post.id, `c${i}`);
    const url = `/api/posts/${post.id}/comments?limit=2`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await inject(t, null, "GET", cursor ? `${url}&cursor=${cursor}` : url);
      expect(res.statusCode).toBe(200);
      const body: { items: CommentView[]; nextCursor: string | null } = res.json();
      seen.push(...body.items.map((c) => c.content));
      cursor = body.nextCursor;
      if (++pages === 1) await comment(bo, post.id, "c6");
    } while (cursor);
    expect(seen).toEqual(["c1", "c2", "c3", "c4", "c5", "c6"]);
    const bad = await inject(t, null, "GET", `${url}&cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid cursor");
  });

  it("refuses empty text, anonymous authors, a parent from another post, and a deleted post", async () => {
    const post = await publish(t, author, "strict");
    const other = await publish(t, author, "other");
    const foreign = (await comment(ann, other.id, "elsewhere")).json().comment;
    expect((await comment(ann, post.id, "   ")).statusCode).toBe(400);
    expect(
      (await inject(t, null, "POST", `/api/posts/${post.id}/comments`, { content: "hi" }))
        .statusCode,
    ).toBe(401);
    expect((await comment(ann, post.id, "x", foreign.id)).statusCode).toBe(404);
    await inject(t, author, "DELETE", `/api/posts/${post.id}`);
    expect((await comment(ann, post.id, "too late")).statusCode).toBe(404);
  });

  it("keeps comments_count equal to a recount under 50 concurrent comments", async () => {
    const post = await publish(t, author, "busy");
    const people = [ann, bo, author];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => comment(people[i % 3] as TestAccount, post.id, `c${i}`)),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const [row] = await queryRows<{ stored: number; counted: number }>(
      t.database.db,
      sql`select comments_count as stored, (select count(*) from post_comments where post_id = ${post.id})::int as counted
          from posts where id = ${post.id}`,
    );
    expect(row).toEqual({ stored: 50, counted: 50 });
  });

  it("toggles comment likes; the count follows the like rows and never drops below 0", async () => {
    const post = await publish(t, author, "likeable");
    const c = (await comment(ann, post.id, "nice")).json().comment;
    const like = () => inject(t, bo, "POST", `/api/comments/${c.id}/like`);
    expect((await like()).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like()).json()).toEqual({ liked: false, likesCount: 0 });
    const burst = await Promise.all(Array.from({ length: 9 }, like));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    // Concurrent toggles by one person may collapse; the count still matches the like rows.
    const thread = (await inject(t, bo, "GET", `/api/posts/${post.id}/comments`)).json().items;
    expect(thread[0].likesCount).toBe(thread[0].likedByMe ? 1 : 0);
  });
});

describe("deleting a comment", () => {
  const remove = (who: TestAccount | null, commentId: string) =>
    inject(t, who, "DELETE", `/api/comments/${commentId}`);
  const counts = async (postId: string) => {
    const [row] = await queryRows<{ stored: number; live: number }>(
      t.database.db,
      sql`select comments_count as stored,
            (select count(*) from post_comments where post_id = ${postId} and deleted_at is null)::int as live
          from posts where id = ${postId}`,
    );
    return row;
  };

  it("lets the comment's author delete it; replies stay under a 'Comment deleted' tombstone", async () => {
    const post = await publish(t, author, "delete mine");
    const top = (await comment(ann, post.id, "regret")).json().comment;
    await comment(bo, post.id, "a reply", top.id);
    expect((await remove(ann, top.id)).statusCode).toBe(200);
    const page = (await inject(t, null, "GET", `/api/posts/${post.id}/comments`)).json();
    const [thread] = threadComments(page.items);
    expect(thread).toMatchObject({ id: top.id, deleted: true, content: "" });
    expect(thread?.replies.map((r) => r.content)).toEqual(["a reply"]);
    expect(await counts(post.id)).toEqual({ stored: 1, live: 1 });
    expect((await remove(ann, top.id)).statusCode).toBe(404);
    expect((await counts(post.id))?.stored).toBe(1);
    expect((await comment(bo, post.id, "late reply", top.id)).statusCode).toBe(404);
    expect((await inject(t, bo, "POST", `/api/comments/${top.id}/like`)).statusCode).toBe(404);
  });

  it("lets the post's author delete a comment on their post, and nobody else", async () => {
    const post = await publish(t, author, "my thread");
    const c = (await comment(ann, post.id, "spam")).json().comment;
    expect((await remove(null, c.id)).statusCode).toBe(401);
    const refused = await remove(bo, c.id);
    expect(refused.statusCode).toBe(403);
    expect((await counts(post.id))?.stored).toBe(1);
    expect((await remove(author, c.id)).statusCode).toBe(200);
    expect(await counts(post.id)).toEqual({ stored: 0, live: 0 });
    const post2 = (await inject(t, null, "GET", `/api/posts/${post.id}`)).json().post;
    expect(post2.commentsCount).toBe(0);
  });

  it("keeps comments_count exact when the same comment is deleted by several requests at once", async () => {
    const post = await publish(t, author, "race");
    const c = (await comment(ann, post.id, "once")).json().comment;
    const results = await Promise.all([remove(ann, c.id), remove(author, c.id), remove(ann, c.id)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await counts(post.id)).toEqual({ stored: 0, live: 0 });
  });
});
