// What a private account hides and from whom (docs/safety.md "Private accounts"): for a signed-out
// visitor, a signed-in stranger, a person whose request waits, an approved follower and a person
// the owner blocked, every read path of the owner's posts — the API, the pages the server renders
// and their link previews, comments, likes, views, reports, the feed, activity, a data export —
// with the answer each one gets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { unzip } from "../../test-support/unzip";

let t: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
let requester: TestAccount;
let follower: TestAccount;
let blocked: TestAccount;
let post: { id: string; path: string };
let commentId: string;
const SECRET = "Only my followers read this";

type Who = "visitor" | "stranger" | "requester" | "follower" | "blocked";
const viewer = (who: Who): TestAccount | null =>
  ({ visitor: null, stranger, requester, follower, blocked })[who];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccount(t, { label: "private", fullName: "Priya Private" });
  stranger = await createAccount(t, { label: "stranger", fullName: "Stan Stranger" });
  requester = await createAccount(t, { label: "asker", fullName: "Rita Requester" });
  follower = await createAccount(t, { label: "follower", fullName: "Fern Follower" });
  blocked = await createAccount(t, { label: "blockedone", fullName: "Bert Blocked" });
  // Followers from before the account went private stay followers.
  await follow(t, follower, owner);
  await follow(t, blocked, owner);
  post = await publish(t, owner, SECRET);
  const comment = await inject(t, follower, "POST", `/api/posts/${post.id}/comments`, {
    content: "Fern's reply",
  });
  commentId = comment.json().comment.id;
  const made = await inject(t, owner, "PUT", "/api/account/privacy", { privateAccount: true });
  expect(made.json()).toMatchObject({ privateAccount: true, approved: 0 });
  const asked = await inject(t, requester, "POST", "/api/follows/toggle", {
    targetUserId: owner.userId,
  });
  expect(asked.json()).toMatchObject({ following: false, state: "requested" });
  await inject(t, owner, "POST", `/api/safety/blocks/${blocked.userId}`);
});
afterAll(async () => {
  await t.close();
});

const sees = (who: Who) => who === "follower";
const everyone: Who[] = ["visitor", "stranger", "requester", "follower", "blocked"];

describe("the owner's profile", () => {
  it.each(everyone)("%s sees the header, and posts only as an approved follower", async (who) => {
    const res = await inject(t, viewer(who), "GET", `/api/profiles/${owner.handle}`);
    if (who === "blocked") {
      expect(res.statusCode).toBe(404);
      return;
    }
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      fullName: "Priya Private",
      privateAccount: true,
      postsHidden: sees(who) ? null : "private",
      counts: { followers: 1, following: 0, friends: 0 },
    });
    const posts = await inject(t, viewer(who), "GET", `/api/users/${owner.userId}/posts`);
    expect(posts.json().items.map((p: { id: string }) => p.id)).toEqual(sees(who) ? [post.id] : []);
  });

  it("shows the owner everything", async () => {
    const { profile } = (await inject(t, owner, "GET", `/api/profiles/${owner.handle}`)).json();
    expect(profile).toMatchObject({ privateAccount: true, postsHidden: null });
    const posts = await inject(t, owner, "GET", `/api/users/${owner.userId}/posts`);
    expect(posts.json().items).toHaveLength(1);
  });
});

describe("the owner's post", () => {
  // [read path, request, status when it may be seen]; otherwise the post is not found (404), or
  // for a signed-out visitor an action needing an account is 401.
  const paths: [string, (who: Who) => Promise<{ statusCode: number }>, number][] = [
    ["GET /api/posts/:id", (who) => inject(t, viewer(who), "GET", `/api/posts/${post.id}`), 200],
    [
      "GET /api/posts/by-path",
      (who) => inject(t, viewer(who), "GET", `/api/posts/by-path${post.path}`),
      200,
    ],
    ["GET comments", (who) => inject(t, viewer(who), "GET", `/api/posts/${post.id}/comments`), 200],
    ["POST view", (who) => inject(t, viewer(who), "POST", `/api/posts/${post.id}/view`), 200],
  ];
  const matrix = paths.flatMap(([name, call, ok]) =>
    everyone.map((who) => [name, who, call, sees(who) ? ok : 404] as const),
  );

  it.each(matrix)("%s for the %s", async (_name, who, call, status) => {
    expect((await call(who)).statusCode).toBe(status);
  });

  it.each(everyone)("likes, comment likes, comments and reports by the %s", async (who) => {
    const like = await inject(t, viewer(who), "POST", `/api/posts/${post.id}/like`);
    const commentLike = await inject(t, viewer(who), "POST", `/api/comments/${commentId}/like`);
    const comment = await inject(t, viewer(who), "POST", `/api/posts/${post.id}/comments`, {
      content: "hello",
    });
    const report = await inject(t, viewer(who), "POST", "/api/reports", {
      targetType: "post",
      targetId: post.id,
      reason: "spam",
    });
    const expected = who === "visitor" ? 401 : sees(who) ? [200, 200, 201, 201] : 404;
    const statuses = [
      like.statusCode,
      commentLike.statusCode,
      comment.statusCode,
      report.statusCode,
    ];
    expect(statuses).toEqual(Array.isArray(expected) ? expected : Array(4).fill(expected));
  });

  it("counts no view it does not answer", async () => {
    const before = (await inject(t, owner, "GET", `/api/posts/${post.id}`)).json().post.viewsCount;
    for (const who of everyone.filter((w) => !sees(w))) {
      await inject(t, viewer(who), "POST", `/api/posts/${post.id}/view`);
    }
    const after = (await inject(t, owner, "GET", `/api/posts/${post.id}`)).json().post.viewsCount;
    expect(after).toBe(before);
  });

  it.each(everyone.filter((w) => w !== "visitor"))(
    "is in the home feed of the %s only as an approved follower",
    async (who) => {
      const feed = await inject(t, viewer(who), "GET", "/api/feed");
      const ids = feed.json().items.map((p: { id: string }) => p.id);
      expect(ids.includes(post.id)).toBe(sees(who));
    },
  );
});

describe("the pages the server renders", () => {
  const page = (who: Who, url: string) =>
    t.app.inject({
      method: "GET",
      url,
      headers: viewer(who) ? { cookie: viewer(who)?.cookie } : {},
    });

  it.each(everyone)("/{handle} for the %s carries the post only for a follower", async (who) => {
    const res = await page(who, `/${owner.handle}`);
    expect(res.statusCode).toBe(who === "blocked" ? 404 : 200);
    expect(res.body.includes(SECRET)).toBe(sees(who));
    if (who !== "blocked") expect(res.body).toContain("Priya Private");
  });

  it.each(everyone)("/{handle}/{slug} for the %s is not found unless a follower", async (who) => {
    const res = await page(who, post.path);
    expect(res.statusCode).toBe(sees(who) ? 200 : 404);
    expect(res.body.includes(SECRET)).toBe(sees(who));
  });

  it.each(everyone)(
    "/post/{id} for the %s redirects to the post only for a follower",
    async (who) => {
      const res = await page(who, `/post/${post.id}`);
      expect(res.headers.location).toBe(sees(who) ? post.path : "/");
    },
  );
});

describe("the waiting requester's activity", () => {
  it("holds nothing of the owner's posts, and the owner's holds the request", async () => {
    const mine = (await inject(t, requester, "GET", "/api/activity")).json();
    expect(mine.groups).toEqual([]);
    const owners = (await inject(t, owner, "GET", "/api/activity")).json();
    const request = owners.groups.find(
      (g: { groupType: string }) => g.groupType === "FOLLOW_REQUEST",
    );
    expect(request).toMatchObject({
      actorCount: 1,
      target: null,
      actorsRecent: [expect.objectContaining({ userId: requester.userId })],
    });
  });
});

describe("a follower who leaves", () => {
  it("no longer sees the post in their activity, nor counts it unread", async () => {
    const exFan = await createAccount(t, { label: "exfan" });
    await inject(t, exFan, "POST", "/api/follows/toggle", { targetUserId: owner.userId });
    await inject(t, owner, "POST", `/api/follow-requests/${exFan.userId}/approve`);
    const theirs = await inject(t, exFan, "POST", `/api/posts/${post.id}/comments`, {
      content: "Mine",
    });
    await inject(t, follower, "POST", `/api/posts/${post.id}/comments`, {
      content: "A reply",
      parentCommentId: theirs.json().comment.id,
    });
    const replies = async () =>
      (
        (await inject(t, exFan, "GET", "/api/activity")).json().groups as { postId: string }[]
      ).filter((g) => g.postId === post.id);
    const unread = async () =>
      (await inject(t, exFan, "GET", "/api/activity/unread-count")).json().count;
    expect(await replies()).toHaveLength(1);
    const before = await unread();

    await inject(t, exFan, "POST", "/api/follows/toggle", { targetUserId: owner.userId });
    expect(await replies()).toEqual([]);
    expect(await unread()).toBe(before - 1);
  });
});

describe("a data export", () => {
  it("holds the follower's own words about the private post, never the post's", async () => {
    await inject(t, follower, "POST", `/api/posts/${post.id}/like`);
    expect((await inject(t, follower, "POST", "/api/account/export")).statusCode).toBe(202);
    await t.app.outbox.drain();
    const { downloadUrl } = (await inject(t, follower, "GET", "/api/account/export")).json().export;
    const zip = await unzip((await inject(t, follower, "GET", downloadUrl)).rawPayload);
    const text = [...zip.values()].map((bytes) => bytes.toString("utf8")).join("\n");
    expect(text).toContain("Fern's reply");
    expect(text).not.toContain(SECRET);
  });
});

describe("people to follow", () => {
  it.each(["stranger", "requester"] as const)(
    "does not tell the %s that the private account posted lately",
    async (who) => {
      const res = await inject(t, viewer(who), "GET", "/api/follows/suggestions?limit=10");
      expect(res.statusCode).toBe(200);
      const active = (res.json().items as { userId: string; reason: string }[]).filter(
        (p) => p.reason === "active",
      );
      expect(active.map((p) => p.userId)).not.toContain(owner.userId);
    },
  );
});
