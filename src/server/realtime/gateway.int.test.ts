// /realtime (docs/social-and-realtime.md): authenticated at upgrade; events reach only the users allowed to see them.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { connectRealtime, type TestSocket } from "../test-support/ws-client";

let t: TestApp;
let baseUrl: string;
let ada: TestAccount;
let bob: TestAccount;
let eve: TestAccount;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [ada, bob, eve] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function open(account?: TestAccount) {
  const socket = await connectRealtime(baseUrl, account?.cookie);
  sockets.push(socket);
  return socket;
}

describe("/realtime", () => {
  it("refuses an upgrade without a session", async () => {
    await expect(connectRealtime(baseUrl)).rejects.toThrow(/401/);
    await expect(connectRealtime(baseUrl, "chtcht.session_token=forged")).rejects.toThrow(/401/);
  });

  it("closes the sockets of a session that ended, and only those", async () => {
    const person = await createAccount(t);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.77.0.1",
      payload: { email: person.email, password: person.password },
    });
    const otherDevice = String(login.headers["set-cookie"]).split(";")[0] as string;
    const [first, second] = await Promise.all([
      open(person),
      open({ ...person, cookie: otherDevice }),
    ]);
    await first.waitFor((m) => m.type === "ready");
    await second.waitFor((m) => m.type === "ready");

    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: person.cookie },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect(await first.closed).toBe(4401);
    second.send({ type: "ping" });
    await second.waitFor((m) => m.type === "pong");
    await expect(connectRealtime(baseUrl, person.cookie)).rejects.toThrow(/401/);
  });

  it("greets an authenticated connection and answers pings", async () => {
    const socket = await open(ada);
    await socket.waitFor((m) => m.type === "ready" && m.userId === ada.userId);
    socket.send({ type: "ping" });
    await socket.waitFor((m) => m.type === "pong");
  });

  it("sends follow.changed to both users and counts to watchers, nothing to others", async () => {
    const [adaSocket, bobSocket, eveSocket, watcher] = await Promise.all([
      open(ada),
      open(bob),
      open(eve),
      open(eve),
    ]);
    watcher.send({ type: "watch-profile", userId: bob.userId });
    await watcher.waitFor((m) => m.type === "ready");
    watcher.send({ type: "ping" });
    await watcher.waitFor((m) => m.type === "pong");

    const res = await t.app.inject({
      method: "POST",
      url: "/api/follows/toggle",
      headers: { cookie: ada.cookie },
      payload: { targetUserId: bob.userId },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      type: "follow.changed",
      followerId: ada.userId,
      followingId: bob.userId,
      following: true,
      state: "following",
    };
    expect(await adaSocket.waitFor((m) => m.type === "follow.changed")).toEqual(expected);
    expect(await bobSocket.waitFor((m) => m.type === "follow.changed")).toEqual(expected);
    expect(
      await watcher.waitFor((m) => m.type === "profile.counts" && m.userId === bob.userId),
    ).toEqual({
      type: "profile.counts",
      userId: bob.userId,
      counts: { friends: 0, following: 0, followers: 1 },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(eveSocket.messages.map((m) => m.type)).toEqual(["ready"]);
    expect(watcher.messages.some((m) => m.type === "follow.changed")).toBe(false);
  });

  it("tells the person and the profile's watchers that a profile changed, nobody else", async () => {
    const [owner, watcher, other] = await Promise.all([open(bob), open(eve), open(eve)]);
    watcher.send({ type: "watch-profile", userId: bob.userId });
    watcher.send({ type: "ping" });
    await watcher.waitFor((m) => m.type === "pong");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${bob.userId}`,
      headers: { cookie: bob.cookie },
      payload: { fullName: "Bob Renamed", emailAddress: "bob@example.com", details: {} },
    });
    expect(res.statusCode).toBe(200);
    const expected = { type: "profile.changed", userId: bob.userId };
    expect(await owner.waitFor((m) => m.type === "profile.changed")).toEqual(expected);
    expect(await watcher.waitFor((m) => m.type === "profile.changed")).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.messages.some((m) => m.type === "profile.changed")).toBe(false);
  });

  it("sends a new post to the author's connected followers only, and activity to the recipient", async () => {
    const [author, fan, other] = await Promise.all([
      createAccount(t),
      createAccount(t),
      createAccount(t),
    ]);
    await t.app.inject({
      method: "POST",
      url: "/api/follows/toggle",
      headers: { cookie: fan.cookie },
      payload: { targetUserId: author.userId },
    });
    const [authorSocket, fanSocket, otherSocket] = await Promise.all([
      open(author),
      open(fan),
      open(other),
    ]);
    await Promise.all(
      [authorSocket, fanSocket, otherSocket].map((s) => s.waitFor((m) => m.type === "ready")),
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: author.cookie },
      payload: { content: "fresh post" },
    });
    const postId = res.json().post.id;
    const delivered = await fanSocket.waitFor((m) => m.type === "post.created");
    expect(delivered).toMatchObject({
      type: "post.created",
      post: { id: postId, content: "fresh post", likedByMe: false },
    });
    await authorSocket.waitFor((m) => m.type === "post.created");

    await t.app.inject({
      method: "POST",
      url: `/api/posts/${postId}/like`,
      headers: { cookie: fan.cookie },
    });
    await authorSocket.waitFor((m) => m.type === "activity.created");
    await t.app.inject({
      method: "DELETE",
      url: `/api/posts/${postId}`,
      headers: { cookie: author.cookie },
    });
    expect(await fanSocket.waitFor((m) => m.type === "post.deleted")).toEqual({
      type: "post.deleted",
      postId,
    });
    expect(otherSocket.messages.map((m) => m.type)).toEqual(["ready"]);
  });

  it("sends a like's new count to the author, their connected followers and watchers; the liker's tabs with their like", async () => {
    const [author, fan, liker, watcher, other] = await Promise.all([
      createAccount(t),
      createAccount(t),
      createAccount(t),
      createAccount(t),
      createAccount(t),
    ]);
    await t.app.inject({
      method: "POST",
      url: "/api/follows/toggle",
      headers: { cookie: fan.cookie },
      payload: { targetUserId: author.userId },
    });
    const post = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: author.cookie },
      payload: { content: "likeable" },
    });
    const postId = post.json().post.id;
    const sockets = await Promise.all([open(author), open(fan), open(liker), open(watcher)]);
    const [authorSocket, fanSocket, likerSocket, watcherSocket] = sockets;
    const otherSocket = await open(other);
    await Promise.all([...sockets, otherSocket].map((s) => s.waitFor((m) => m.type === "ready")));
    // A post page or the author's profile page watches the author.
    watcherSocket?.send({ type: "watch-profile", userId: author.userId });
    watcherSocket?.send({ type: "ping" });
    await watcherSocket?.waitFor((m) => m.type === "pong");

    const like = await t.app.inject({
      method: "POST",
      url: `/api/posts/${postId}/like`,
      headers: { cookie: liker.cookie },
    });
    expect(like.json()).toEqual({ liked: true, likesCount: 1 });
    const count = { type: "post.likes", postId, likesCount: 1 };
    for (const socket of [authorSocket, fanSocket, watcherSocket]) {
      expect(await socket?.waitFor((m) => m.type === "post.likes")).toEqual(count);
    }
    expect(await likerSocket?.waitFor((m) => m.type === "post.likes")).toEqual({
      ...count,
      liked: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(otherSocket.messages.map((m) => m.type)).toEqual(["ready"]);
    expect(authorSocket?.messages.filter((m) => m.type === "post.likes")).toHaveLength(1);
  });

  it("ignores malformed client messages and keeps the connection", async () => {
    const socket = await open(bob);
    socket.send("not json at all");
    socket.send({ type: "watch-profile" });
    socket.send({ type: "ping" });
    await socket.waitFor((m) => m.type === "pong");
  });
});
