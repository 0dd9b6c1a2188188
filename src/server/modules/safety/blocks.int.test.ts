// The block and mute matrix (docs/safety.md): for a blocker, the person they blocked and a
// bystander, every action and read path with its expected outcome, over the real HTTP API, and
// realtime events that never cross a block.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { connectRealtime } from "../../test-support/ws-client";

let t: TestApp;
let blocker: TestAccount;
let blocked: TestAccount;
let bystander: TestAccount;
let blockerPost: { id: string; path: string };
let blockedPost: { id: string; path: string };
let bystanderPost: { id: string; path: string };
let threadId: string;

const get = (who: TestAccount | null, url: string) => inject(t, who, "GET", url);
const counts = async (who: TestAccount) =>
  (await get(null, `/api/profiles/${who.handle}`)).json().profile.counts;

beforeAll(async () => {
  t = await createTestApp();
  blocker = await createAccount(t, { label: "blocker", fullName: "Blanche Blocker" });
  blocked = await createAccount(t, { label: "blocked", fullName: "Boris Blocked" });
  bystander = await createAccount(t, { label: "bystander", fullName: "Bea Bystander" });
  await follow(t, blocker, blocked);
  await follow(t, blocked, blocker);
  await follow(t, bystander, blocker);
  blockerPost = await publish(t, blocker, "Blanche writes something");
  blockedPost = await publish(t, blocked, "Boris writes something");
  bystanderPost = await publish(t, bystander, "Bea writes something");
  await inject(t, blocked, "POST", `/api/posts/${blockerPost.id}/like`);
  await inject(t, blocked, "POST", `/api/posts/${bystanderPost.id}/comments`, {
    content: "Boris was here",
  });
  await inject(t, blocker, "POST", `/api/posts/${bystanderPost.id}/comments`, {
    content: "Blanche was here",
  });
  threadId = (
    await inject(t, blocker, "POST", "/api/mail/threads/direct", { userId: blocked.userId })
  ).json().thread.id;

  const before = { blocker: await counts(blocker), blocked: await counts(blocked) };
  expect(before.blocker).toMatchObject({ followers: 2, following: 1, friends: 1 });
  const res = await inject(t, blocker, "POST", `/api/safety/blocks/${blocked.userId}`);
  expect(res.json()).toEqual({ blocking: true, muting: false });
});
afterAll(async () => {
  await t.close();
});

describe("after a block", () => {
  it("removes the follows both ways and keeps every counter exact", async () => {
    expect(await counts(blocker)).toMatchObject({ followers: 1, following: 0, friends: 0 });
    expect(await counts(blocked)).toMatchObject({ followers: 0, following: 0, friends: 0 });
    const status = await get(blocked, `/api/follows/status/${blocker.userId}`);
    expect(status.json().following).toBe(false);
  });

  // [who acts, what, expected status]; the blocked person meets 'not found', the blocker is told.
  const cases: [string, () => Promise<{ statusCode: number }>, number][] = [
    [
      "blocked opens the blocker's profile",
      () => get(blocked, `/api/profiles/${blocker.handle}`),
      404,
    ],
    [
      "blocker opens the blocked person's profile",
      () => get(blocker, `/api/profiles/${blocked.handle}`),
      200,
    ],
    [
      "bystander opens either profile",
      () => get(bystander, `/api/profiles/${blocked.handle}`),
      200,
    ],
    [
      "blocked follows the blocker",
      () => inject(t, blocked, "POST", "/api/follows/toggle", { targetUserId: blocker.userId }),
      404,
    ],
    [
      "blocker follows the blocked",
      () => inject(t, blocker, "POST", "/api/follows/toggle", { targetUserId: blocked.userId }),
      409,
    ],
    ["blocked reads the blocker's post", () => get(blocked, `/api/posts/${blockerPost.id}`), 404],
    [
      "blocker reads the blocked person's post",
      () => get(blocker, `/api/posts/${blockedPost.id}`),
      404,
    ],
    ["bystander reads both posts", () => get(bystander, `/api/posts/${blockedPost.id}`), 200],
    [
      "blocked likes the blocker's post",
      () => inject(t, blocked, "POST", `/api/posts/${blockerPost.id}/like`),
      404,
    ],
    [
      "blocker likes the blocked person's post",
      () => inject(t, blocker, "POST", `/api/posts/${blockedPost.id}/like`),
      404,
    ],
    [
      "blocked comments on the blocker's post",
      () => inject(t, blocked, "POST", `/api/posts/${blockerPost.id}/comments`, { content: "hi" }),
      404,
    ],
    [
      "blocked reads the comments of the blocker's post",
      () => get(blocked, `/api/posts/${blockerPost.id}/comments`),
      404,
    ],
    [
      "blocked messages the blocker in their thread",
      () =>
        inject(t, blocked, "POST", `/api/mail/threads/${threadId}/messages`, {
          subject: "",
          body: "hello?",
        }),
      403,
    ],
    [
      "blocker messages the blocked person",
      () =>
        inject(t, blocker, "POST", `/api/mail/threads/${threadId}/messages`, {
          subject: "",
          body: "hello",
        }),
      409,
    ],
    [
      "blocked opens a new thread with the blocker",
      () => inject(t, blocked, "POST", "/api/mail/threads/direct", { userId: blocker.userId }),
      403,
    ],
    [
      "blocked reports the blocker's post",
      () =>
        inject(t, blocked, "POST", "/api/reports", {
          targetType: "post",
          targetId: blockerPost.id,
          reason: "spam",
        }),
      404,
    ],
  ];
  it.each(cases.map(([name, act, status]) => ({ name: `${name} → ${status}`, act, status })))(
    "$name",
    async ({ act, status }) => {
      const res = (await act()) as { statusCode: number; body?: string };
      expect(res.statusCode, res.body).toBe(status);
    },
  );

  it("hides each one's posts on the other's profile and in their feeds", async () => {
    expect((await get(blocked, `/api/users/${blocker.userId}/posts`)).json().items).toEqual([]);
    expect((await get(blocker, `/api/users/${blocked.userId}/posts`)).json().items).toEqual([]);
    const blockerFeed = (await get(blocker, "/api/feed"))
      .json()
      .items.map((p: { id: string }) => p.id);
    const blockedFeed = (await get(blocked, "/api/feed"))
      .json()
      .items.map((p: { id: string }) => p.id);
    expect(blockerFeed).not.toContain(blockedPost.id);
    expect(blockedFeed).not.toContain(blockerPost.id);
    expect((await get(bystander, `/api/users/${blocked.userId}/posts`)).json().items).toHaveLength(
      1,
    );
  });

  it("hides each one's comments from the other and keeps them for everyone else", async () => {
    const text = async (who: TestAccount) =>
      (await get(who, `/api/posts/${bystanderPost.id}/comments`))
        .json()
        .items.map((c: { content: string }) => c.content);
    expect(await text(blocker)).toEqual(["Blanche was here"]);
    expect(await text(blocked)).toEqual(["Boris was here"]);
    expect(await text(bystander)).toEqual(["Boris was here", "Blanche was here"]);
  });

  it("removes the activity between them", async () => {
    const groups = (await get(blocker, "/api/activity")).json().groups as {
      actorsRecent: { userId: string }[];
    }[];
    const actors = groups.flatMap((g) => g.actorsRecent.map((a) => a.userId));
    expect(actors).not.toContain(blocked.userId);
    expect(actors).toContain(bystander.userId);
  });

  it("leaves each out of the other's header and advanced search", async () => {
    const people = async (who: TestAccount, q: string) =>
      (await get(who, `/api/search/people?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((p: { userId: string }) => p.userId);
    const advanced = async (who: TestAccount, q: string) =>
      (await get(who, `/api/search/profiles?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((p: { userId: string }) => p.userId);
    expect(await people(blocked, "Blanche")).not.toContain(blocker.userId);
    expect(await people(blocker, "Boris")).not.toContain(blocked.userId);
    expect(await advanced(blocked, "Blanche")).not.toContain(blocker.userId);
    expect(await advanced(blocker, "Boris")).not.toContain(blocked.userId);
    expect(await people(bystander, "Blanche")).toContain(blocker.userId);
  });

  it("lists the blocked person in Settings until unblocked", async () => {
    const list = (await get(blocker, "/api/safety/blocks")).json();
    expect(list.items.map((i: { person: { userId: string } }) => i.person.userId)).toEqual([
      blocked.userId,
    ]);
    expect((await get(blocked, "/api/safety/blocks")).json().items).toEqual([]);
    expect((await get(blocked, `/api/safety/relations/${blocker.userId}`)).json()).toEqual({
      blocking: false,
      muting: false,
    });
  });
});

describe("realtime across a block", () => {
  it("never delivers the blocker's new post to the person they blocked", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const [blockedSocket, bystanderSocket] = await Promise.all([
      connectRealtime(baseUrl, blocked.cookie),
      connectRealtime(baseUrl, bystander.cookie),
    ]);
    const post = await publish(t, blocker, "After the block");
    await bystanderSocket.waitFor((m) => m.type === "post.created" && m.post.id === post.id);
    expect(blockedSocket.messages.some((m) => m.type === "post.created")).toBe(false);
    blockedSocket.close();
    bystanderSocket.close();
  });
});

describe("unblock", () => {
  it("lets them find and follow each other again, without restoring the old follows", async () => {
    const viewer = await createAccount(t, { label: "unblocker" });
    const other = await createAccount(t, { label: "unblocked" });
    await inject(t, viewer, "POST", `/api/safety/blocks/${other.userId}`);
    expect((await get(other, `/api/profiles/${viewer.handle}`)).statusCode).toBe(404);
    expect(
      (await inject(t, viewer, "DELETE", `/api/safety/blocks/${other.userId}`)).json(),
    ).toEqual({ blocking: false, muting: false });
    expect((await get(other, `/api/profiles/${viewer.handle}`)).statusCode).toBe(200);
    await follow(t, other, viewer);
  });
});

describe("mute", () => {
  it("hides the muted person's posts, comments and activity from the muter only; the follow stays", async () => {
    const muter = await createAccount(t, { label: "muter" });
    const loud = await createAccount(t, { label: "loud", fullName: "Larry Loud" });
    await follow(t, muter, loud);
    await follow(t, loud, muter);
    const loudPost = await publish(t, loud, "Loud post");
    const muterPost = await publish(t, muter, "Muter post");
    await inject(t, loud, "POST", `/api/posts/${muterPost.id}/comments`, {
      content: "Loud comment",
    });
    const feedIds = async () =>
      (await get(muter, "/api/feed")).json().items.map((p: { id: string }) => p.id);
    expect(await feedIds()).toContain(loudPost.id);

    expect((await inject(t, muter, "POST", `/api/safety/mutes/${loud.userId}`)).json()).toEqual({
      blocking: false,
      muting: true,
    });
    expect(await feedIds()).not.toContain(loudPost.id);
    const newer = await publish(t, loud, "Another loud post");
    expect(await feedIds()).not.toContain(newer.id);
    expect((await get(muter, `/api/posts/${muterPost.id}/comments`)).json().items).toEqual([]);
    const actors = (
      (await get(muter, "/api/activity")).json().groups as { actorsRecent: { userId: string }[] }[]
    ).flatMap((g) => g.actorsRecent.map((a) => a.userId));
    expect(actors).not.toContain(loud.userId);
    expect((await get(muter, `/api/follows/status/${loud.userId}`)).json().following).toBe(true);
    expect((await get(loud, `/api/posts/${muterPost.id}/comments`)).json().items).toHaveLength(1);
    expect((await get(muter, `/api/profiles/${loud.handle}`)).statusCode).toBe(200);

    await inject(t, muter, "DELETE", `/api/safety/mutes/${loud.userId}`);
    expect(await feedIds()).toContain(newer.id);
  });
});
