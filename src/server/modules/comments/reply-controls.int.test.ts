// 'Who can reply' (docs/safety.md "Who can reply and write"): each choice against a stranger, a
// follower of the author, someone the author follows, a friend, the author and someone the author
// blocked, for a comment, a reply to a comment and the post's `canReply`; a change afterwards,
// which keeps the comments written before it; and bad input.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WhoMay } from "../../../domain/reply-controls";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartPost } from "../../test-support/multipart";
import { follow, inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ann: TestAccount;
const people = {} as Record<
  "stranger" | "follower" | "followed" | "friend" | "blocked",
  TestAccount
>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await createAccount(t, { fullName: "Ann" });
  const [stranger, follower, followed, friend, blocked] = await Promise.all(
    Array.from({ length: 5 }, () => createAccount(t)),
  );
  Object.assign(people, { stranger, follower, followed, friend, blocked });
  await follow(t, follower as TestAccount, ann);
  await follow(t, ann, followed as TestAccount);
  await follow(t, ann, friend as TestAccount);
  await follow(t, friend as TestAccount, ann);
  await follow(t, blocked as TestAccount, ann);
  await follow(t, ann, blocked as TestAccount);
  expect((await inject(t, ann, "POST", `/api/safety/blocks/${blocked?.userId}`)).statusCode).toBe(
    200,
  );
});
afterAll(async () => {
  await t.close();
});

const post = async (who: TestAccount, replyPolicy?: WhoMay) => {
  const res = await inject(t, who, "POST", "/api/posts", { content: "a thought", replyPolicy });
  expect(res.statusCode).toBe(201);
  return res.json().post as { id: string; path: string; replyPolicy: WhoMay };
};
const comment = (who: TestAccount, postId: string, parentCommentId?: string) =>
  inject(t, who, "POST", `/api/posts/${postId}/comments`, { content: "hello", parentCommentId });

type Who = "author" | keyof typeof people;
const who = (name: Who) => (name === "author" ? ann : people[name]);

// What each circle lets in: 201, 403 (replies_closed) or 404 (the post is hidden by the block).
const EXPECTED: Record<WhoMay, Record<Who, 201 | 403 | 404>> = {
  everyone: { author: 201, stranger: 201, follower: 201, followed: 201, friend: 201, blocked: 404 },
  following: {
    author: 201,
    stranger: 403,
    follower: 403,
    followed: 201,
    friend: 201,
    blocked: 404,
  },
  friends: { author: 201, stranger: 403, follower: 403, followed: 403, friend: 201, blocked: 404 },
  nobody: { author: 201, stranger: 403, follower: 403, followed: 403, friend: 403, blocked: 404 },
};
const REFUSALS: Record<WhoMay, string> = {
  everyone: "",
  following: "Only people @{handle} follows can reply.",
  friends: "Only @{handle}'s friends can reply.",
  nobody: "Replies are off.",
};

describe("who can reply", () => {
  it.each(Object.keys(EXPECTED) as WhoMay[])(
    "%s: comments, replies and canReply",
    async (policy) => {
      const p = await post(ann, policy);
      expect(p.replyPolicy).toBe(policy);
      // A comment of the author's own, to reply to.
      const top = (await comment(ann, p.id)).json().comment as { id: string };
      for (const [name, status] of Object.entries(EXPECTED[policy]) as [Who, number][]) {
        const viewer = who(name);
        const read = await inject(t, viewer, "GET", `/api/posts/${p.id}`);
        const byPath = await inject(t, viewer, "GET", `/api/posts/by-path${p.path}`);
        if (status === 404) {
          expect([read.statusCode, byPath.statusCode], name).toEqual([404, 404]);
        } else {
          expect(read.json().post.canReply, name).toBe(status === 201);
          expect(byPath.json().post.canReply, name).toBe(status === 201);
          expect(byPath.json().post.replyPolicy, name).toBe(policy);
        }
        for (const parent of [undefined, top.id]) {
          const res = await comment(viewer, p.id, parent);
          expect(res.statusCode, `${name} ${parent ? "reply" : "comment"}`).toBe(status);
          if (status === 403) {
            expect(res.json().error).toMatchObject({
              code: "replies_closed",
              message: REFUSALS[policy].replace("{handle}", ann.handle),
            });
          }
        }
      }
      // Nobody signed in may write, and is told so by the read.
      expect((await inject(t, null, "GET", `/api/posts/${p.id}`)).json().post.canReply).toBe(false);
    },
  );

  it("changes afterwards from the author alone, keeping the comments already written", async () => {
    const p = await post(ann);
    expect((await comment(people.stranger, p.id)).statusCode).toBe(201);
    expect((await comment(people.friend, p.id)).statusCode).toBe(201);
    // Read once, so the post cache holds it before the change.
    expect(
      (await inject(t, people.stranger, "GET", `/api/posts/${p.id}`)).json().post,
    ).toMatchObject({ canReply: true, commentsCount: 2 });

    const url = `/api/posts/${p.id}/reply-policy`;
    const other = await inject(t, people.friend, "PUT", url, { replyPolicy: "nobody" });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe("Only the author can change this post.");
    const bad = await inject(t, ann, "PUT", url, { replyPolicy: "some" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("replyPolicy");

    const changed = await inject(t, ann, "PUT", url, { replyPolicy: "friends" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().post).toMatchObject({ replyPolicy: "friends", canReply: true });
    const seen = (await inject(t, people.stranger, "GET", `/api/posts/${p.id}`)).json().post;
    expect(seen).toMatchObject({ replyPolicy: "friends", canReply: false, commentsCount: 2 });
    expect((await comment(people.stranger, p.id)).statusCode).toBe(403);
    expect((await comment(people.friend, p.id)).statusCode).toBe(201);
    const listed = (await inject(t, null, "GET", `/api/posts/${p.id}/comments`)).json().items;
    expect(listed).toHaveLength(3);

    await inject(t, ann, "PUT", url, { replyPolicy: "everyone" });
    expect((await comment(people.stranger, p.id)).statusCode).toBe(201);
    const gone = await inject(t, ann, "PUT", `/api/posts/${crypto.randomUUID()}/reply-policy`, {
      replyPolicy: "nobody",
    });
    expect(gone.statusCode).toBe(404);
  });

  it("takes the choice from the composer's form beside every other field and four images", async () => {
    const quoted = await post(people.friend);
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = await multipartPost(
      "with everything",
      [image, image, image, image],
      {
        contentWarning: "warned",
        imageSensitive: "true",
        quoteOf: quoted.id,
        replyPolicy: "following",
        alt0: "one",
        alt1: "two",
        alt2: "three",
        alt3: "four",
      },
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      payload,
      headers: { ...headers, cookie: ann.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().post).toMatchObject({
      replyPolicy: "following",
      contentWarning: "warned",
      quote: { id: quoted.id },
    });
    expect(res.json().post.images.map((i: { alt: string }) => i.alt)).toEqual([
      "one",
      "two",
      "three",
      "four",
    ]);
  });

  it("refuses a choice it does not know when posting, naming the field", async () => {
    const res = await inject(t, ann, "POST", "/api/posts", { content: "x", replyPolicy: "mine" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("replyPolicy");
  });
});
