// Web push end to end (docs/notifications.md "Push"), against web-push-testing as the browsers'
// push service on 127.0.0.1: each kind delivers exactly one payload, which the service decrypts
// with the browser's keys after checking our VAPID signature; switches, previews, mutes, an
// expired subscription (410), and what a subscription may be.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { makeOutboxDue } from "../../test-support/outbox-rows";
import {
  type BrowserSubscription,
  type PushService,
  startPushService,
} from "../../test-support/push-service";
import { follow, inject, publish } from "../../test-support/social";
import { startTcpProxy } from "../../test-support/tcp-proxy";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let service: PushService;
let publicKey: string;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE: "127.0.0.1", ADMIN_EMAILS: MODERATOR });
  publicKey = t.config.push.vapid.publicKey;
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const MODERATOR = "push.moderator@example.com";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

/** A browser of `who`, subscribed through the API as the app will do it (its endpoint changed by
 * `reroute`, when given). */
async function browserOf(
  who: TestAccount,
  reroute: (endpoint: string) => string = (endpoint) => endpoint,
): Promise<BrowserSubscription & { id: string }> {
  const subscription = await service.subscribe(publicKey);
  const { clientHash: _, ...json } = { ...subscription, endpoint: reroute(subscription.endpoint) };
  const res = await t.app.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    headers: { cookie: who.cookie, "user-agent": FIREFOX },
    payload: { ...json, expirationTime: null },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...subscription, id: res.json().id };
}

/** What the browser has been pushed once every push written so far has gone out. */
async function pushedTo(browser: BrowserSubscription) {
  await t.app.outbox.drain();
  return (await service.received(browser.clientHash)).map((text) => JSON.parse(text));
}

const pushRowsOf = (db: TestApp["database"]["db"]) =>
  queryRows<{ attempts: number; failed: boolean; error: string | null; waiting: boolean }>(
    db,
    sql`select attempts, failed_at is not null as failed, last_error as error,
          available_at > now() as waiting
        from outbox where topic = 'push'`,
  );

const pushRows = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where topic = 'push'`,
    )
  )[0]?.n;

/** Turns the push of each kind named on or off. */
async function pushes(who: TestAccount, kinds: Record<string, boolean>) {
  const matrix = Object.fromEntries(Object.entries(kinds).map(([k, on]) => [k, { push: on }]));
  const res = await inject(t, who, "PATCH", "/api/account/notifications", { matrix });
  expect(res.statusCode, res.body).toBe(200);
}

async function messageTo(from: TestAccount, to: TestAccount, body: string) {
  const thread = await inject(t, from, "POST", "/api/mail/threads/direct", { userId: to.userId });
  const threadId = thread.json().thread.id as string;
  const sent = await inject(t, from, "POST", `/api/mail/threads/${threadId}/messages`, {
    subject: null,
    body,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return threadId;
}

describe("the key", () => {
  it("is our VAPID public key, for signed-in people", async () => {
    const ann = await createAccount(t);
    const res = await inject(t, ann, "GET", "/api/push/key");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey });
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await inject(t, null, "GET", "/api/push/key")).statusCode).toBe(401);
  });
});

describe("each kind", () => {
  it("a follow, a like, a comment, a reply and a message each push exactly one payload", async () => {
    const ann = await createAccount(t, { fullName: "Ann Archer" });
    const bo = await createAccount(t, { fullName: "Bo Brand" });
    const browser = await browserOf(ann);
    // Likes are not pushed until turned on.
    await pushes(ann, { like: true });

    await follow(t, bo, ann);
    expect(await pushedTo(browser)).toEqual([
      {
        type: "follow",
        title: "New follower",
        body: "Bo Brand followed you",
        url: `/${bo.handle}`,
        topic: expect.stringMatching(/^f[\w-]{22}$/),
      },
    ]);

    const post = await publish(t, ann, "A walk by the river");
    expect((await inject(t, bo, "POST", `/api/posts/${post.id}/like`)).json().liked).toBe(true);
    const like = {
      type: "like",
      title: "New like",
      body: "Bo Brand liked your post",
      url: `/post/${post.id}`,
      topic: expect.stringMatching(/^l[\w-]{22}$/),
    };
    expect((await pushedTo(browser)).slice(1)).toEqual([like]);

    const comment = await inject(t, bo, "POST", `/api/posts/${post.id}/comments`, {
      content: "Lovely light",
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await pushedTo(browser)).slice(2)).toEqual([
      {
        type: "comment",
        title: "New comment",
        body: "Bo Brand commented on your post",
        url: `/post/${post.id}`,
        topic: expect.stringMatching(/^c[\w-]{22}$/),
      },
    ]);

    // Ann's comment on Bo's post, and Bo's reply to it.
    const bosPost = await publish(t, bo, "Bread from scratch");
    const annsComment = await inject(t, ann, "POST", `/api/posts/${bosPost.id}/comments`, {
      content: "How long does it rise?",
    });
    const reply = await inject(t, bo, "POST", `/api/posts/${bosPost.id}/comments`, {
      content: "Overnight",
      parentCommentId: annsComment.json().comment.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await pushedTo(browser)).slice(3)).toEqual([
      {
        type: "reply",
        title: "New reply",
        body: "Bo Brand replied to your comment",
        url: `/post/${bosPost.id}`,
        topic: expect.stringMatching(/^c[\w-]{22}$/),
      },
    ]);

    const threadId = await messageTo(bo, ann, "Are you free on Sunday?");
    expect((await pushedTo(browser)).slice(4)).toEqual([
      {
        type: "message",
        title: "New message",
        body: "New message from Bo Brand",
        url: `/mail?thread=${threadId}`,
        topic: expect.stringMatching(/^m[\w-]{22}$/),
      },
    ]);
    expect(await pushRows()).toBe(0);

    const [listed] = (await inject(t, ann, "GET", "/api/push/subscriptions")).json().items;
    expect(listed).toMatchObject({ id: browser.id, label: "Firefox 140 · Linux" });
    expect(Date.parse(listed.lastSuccessAt)).toBeGreaterThanOrEqual(Date.parse(listed.createdAt));
  });

  it("goes to every browser of the person, once each", async () => {
    const cy = await createAccount(t);
    const dee = await createAccount(t, { fullName: "Dee Dale" });
    const [laptop, phone] = [await browserOf(cy), await browserOf(dee)];
    const tablet = await browserOf(cy);
    await follow(t, dee, cy);
    for (const browser of [laptop, tablet]) {
      expect((await pushedTo(browser)).map((p) => p.body)).toEqual(["Dee Dale followed you"]);
    }
    expect(await pushedTo(phone)).toEqual([]);
  });
});

describe("the switches", () => {
  it("are on but likes at first; a kind switched off is not pushed", async () => {
    const ed = await createAccount(t);
    const flo = await createAccount(t, { fullName: "Flo Ford" });
    const browser = await browserOf(ed);
    const post = await publish(t, ed, "Quiet please");
    await inject(t, flo, "POST", `/api/posts/${post.id}/like`);
    expect(await pushRows()).toBe(0);
    await pushes(ed, { comment: false });
    await inject(t, flo, "POST", `/api/posts/${post.id}/comments`, { content: "Shh" });
    expect(await pushRows()).toBe(0);
    await pushes(ed, { like: true });
    await inject(t, flo, "POST", `/api/posts/${post.id}/like`);
    await inject(t, flo, "POST", `/api/posts/${post.id}/like`);
    expect((await pushedTo(browser)).map((p) => p.type)).toEqual(["like"]);
  });

  it("show a message's words only once previews are on", async () => {
    const gus = await createAccount(t);
    const hal = await createAccount(t, { fullName: "Hal Hart" });
    const browser = await browserOf(gus);
    await messageTo(hal, gus, "The key is under the mat");
    const on = await inject(t, gus, "PATCH", "/api/account/notifications", {
      messagePreviews: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    await messageTo(hal, gus, `Dinner at eight?\n${"and then ".repeat(20)}`);
    const bodies = (await pushedTo(browser)).map((p) => p.body);
    expect(bodies[0]).toBe("New message from Hal Hart");
    expect(bodies[1]).toMatch(/^Hal Hart: Dinner at eight\? and then and then .*…$/);
    expect(bodies[1].length).toBeLessThan(140);
  });

  it("a muted person's like is not pushed, as Activity does not show it", async () => {
    const jo = await createAccount(t);
    const kit = await createAccount(t);
    const browser = await browserOf(jo);
    await pushes(jo, { like: true });
    expect((await inject(t, jo, "POST", `/api/safety/mutes/${kit.userId}`)).statusCode).toBe(200);
    const post = await publish(t, jo, "Muted?");
    await inject(t, kit, "POST", `/api/posts/${post.id}/like`);
    expect(await pushedTo(browser)).toEqual([]);
  });

  it("push mentions, reposts and quotes, each as its own kind", async () => {
    const lu = await createAccount(t, { fullName: "Lu Lane" });
    const max = await createAccount(t, { fullName: "Max Moor" });
    const browser = await browserOf(lu);
    await pushes(lu, { repost: true });
    const mention = await publish(t, max, `Thanks @${lu.handle}`);
    const post = await publish(t, lu, "Worth sharing");
    expect((await inject(t, max, "PUT", `/api/posts/${post.id}/repost`)).statusCode).toBe(200);
    const quoted = await inject(t, max, "POST", "/api/posts", {
      content: "So true",
      quoteOf: post.id,
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect(
      (await pushedTo(browser)).map(({ type, title, body, url }) => ({ type, title, body, url })),
    ).toEqual([
      {
        type: "mention",
        title: "New mention",
        body: "Max Moor mentioned you",
        url: `/post/${mention.id}`,
      },
      {
        type: "repost",
        title: "New repost",
        body: "Max Moor reposted your post",
        url: `/post/${post.id}`,
      },
      {
        type: "repost",
        title: "New quote",
        body: "Max Moor quoted your post",
        url: `/post/${quoted.json().post.id}`,
      },
    ]);
  });

  it("push a moderator's decision, until its push is turned off", async () => {
    const pia = await createAccount(t);
    const moderator = await createAccount(t, { email: MODERATOR });
    const browser = await browserOf(pia);
    const post = await publish(t, pia, "Something to report");
    const acted = await inject(t, moderator, "POST", "/api/admin/actions", {
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "Spam",
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(await pushedTo(browser)).toEqual([
      {
        type: "moderation",
        title: "Moderation notice",
        body: "A moderator made a decision about your account. Open the app to read it.",
        url: "/",
        topic: expect.stringMatching(/^x[\w-]{22}$/),
      },
    ]);
    // Its push may be turned off; its e-mail and its notice in the app may not.
    await pushes(pia, { moderation: false });
    await inject(t, moderator, "POST", "/api/admin/actions", {
      targetType: "post",
      targetId: post.id,
      action: "restore",
      reason: "Not spam",
    });
    expect(await pushedTo(browser)).toHaveLength(1);
  });

  it("quiet hours hold a push until they end", async () => {
    const nia = await createAccount(t);
    const oz = await createAccount(t, { fullName: "Oz Oak" });
    const browser = await browserOf(nia);
    // A window that holds now, whatever the time: it began a minute ago and ends in two hours.
    const now = new Date();
    const clock = (at: Date) => at.toISOString().slice(11, 16);
    const start = clock(new Date(now.getTime() - 60_000));
    const end = clock(new Date(now.getTime() + 2 * 3_600_000));
    const quiet = await inject(t, nia, "PATCH", "/api/account/notifications", {
      quietHours: { start, end, timeZone: "UTC" },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    await follow(t, oz, nia);
    // A message's push too: its recipient's quiet hours come with the send's one read.
    await messageTo(oz, nia, "Up late?");
    expect(await pushedTo(browser)).toEqual([]);
    const held = await queryRows<{ at: Date }>(
      t.database.db,
      sql`select available_at as at from outbox where topic = 'push'`,
    );
    expect(held).toHaveLength(2);
    const ends = new Date(now.getTime() + 2 * 3_600_000);
    ends.setUTCSeconds(0, 0);
    for (const { at } of held) {
      expect(new Date(at).getTime()).toBeGreaterThanOrEqual(ends.getTime() - 1_000);
      expect(new Date(at).getTime()).toBeLessThanOrEqual(ends.getTime() + 1_000);
    }
    await makeOutboxDue(t.database.db);
    expect((await pushedTo(browser)).map((p) => p.body).sort()).toEqual([
      "New message from Oz Oak",
      "Oz Oak followed you",
    ]);
  });
});

describe("subscriptions", () => {
  it("one the push service says expired (410) is deleted at the next push", async () => {
    const lu = await createAccount(t);
    const max = await createAccount(t);
    const browser = await browserOf(lu);
    const kept = await browserOf(lu);
    await service.expire(browser.clientHash);
    await follow(t, max, lu);
    await t.app.outbox.drain();
    const items = (await inject(t, lu, "GET", "/api/push/subscriptions")).json().items;
    expect(items.map((s: { id: string }) => s.id)).toEqual([kept.id]);
    expect(await service.received(kept.clientHash)).toHaveLength(1);
    const failed = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where topic = 'push'`,
    );
    expect(failed[0]?.n).toBe(0);
  });

  it("the same endpoint again is the same row; a person sees and removes their own only", async () => {
    const ned = await createAccount(t);
    const ola = await createAccount(t);
    const browser = await browserOf(ned);
    const again = await inject(t, ned, "POST", "/api/push/subscriptions", {
      endpoint: browser.endpoint,
      keys: browser.keys,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(browser.id);
    expect((await inject(t, ola, "GET", "/api/push/subscriptions")).json().items).toEqual([]);
    const theirs = await inject(t, ola, "DELETE", `/api/push/subscriptions/${browser.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe("not_found");
    const mine = await inject(t, ned, "DELETE", `/api/push/subscriptions/${browser.id}`);
    expect(mine.json()).toEqual({ ok: true });
    expect((await inject(t, ned, "GET", "/api/push/subscriptions")).json().items).toEqual([]);
    expect(
      (await inject(t, ned, "DELETE", `/api/push/subscriptions/${browser.id}`)).statusCode,
    ).toBe(404);
  });

  it("refuses a bad subscription with 400 and stores nothing", async () => {
    const pat = await createAccount(t);
    const good = await service.subscribe(publicKey);
    const keys = good.keys;
    const bad: [string, object][] = [
      ["no keys", { endpoint: good.endpoint }],
      ["not a URL", { endpoint: "push-me", keys }],
      ["plain http elsewhere", { endpoint: "http://push.example/abc", keys }],
      ["another scheme", { endpoint: "ftp://push.example/abc", keys }],
      ["a private address", { endpoint: "https://10.0.0.7/push/abc", keys }],
      ["loopback not allowed", { endpoint: "http://127.0.0.2:8080/notify/abc", keys }],
      ["a link-local address", { endpoint: "https://[fe80::1]/abc", keys }],
      ["credentials", { endpoint: "https://user:pw@push.example/abc", keys }],
      ["an odd port", { endpoint: "https://push.example:8443/abc", keys }],
      ["a short p256dh", { endpoint: good.endpoint, keys: { ...keys, p256dh: "BAAA" } }],
      [
        "a compressed p256dh",
        { endpoint: good.endpoint, keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` } },
      ],
      ["a long auth", { endpoint: good.endpoint, keys: { ...keys, auth: `${keys.auth}AAAA` } }],
    ];
    for (const [what, body] of bad) {
      const res = await inject(t, pat, "POST", "/api/push/subscriptions", body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.code, what).toBe("validation_error");
    }
    expect((await inject(t, pat, "GET", "/api/push/subscriptions")).json().items).toEqual([]);
    expect((await inject(t, null, "POST", "/api/push/subscriptions", good)).statusCode).toBe(401);
  });

  it("a push service that is down gets the push later, with backoff, and once", async () => {
    const sue = await createAccount(t);
    const tom = await createAccount(t);
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: service.port });
    await proxy.stop();
    const browser = await browserOf(sue, (endpoint) =>
      endpoint.replace(`:${service.port}/`, `:${proxy.port}/`),
    );
    await follow(t, tom, sue);
    await t.app.outbox.drain();
    const [waiting] = await pushRowsOf(t.database.db);
    expect(waiting).toMatchObject({ attempts: 1, failed: false, waiting: true });
    expect(waiting?.error).toMatch(/ECONNREFUSED/);
    await proxy.start();
    await makeOutboxDue(t.database.db, "push");
    await t.app.outbox.drain();
    expect((await service.received(browser.clientHash)).map((p) => JSON.parse(p).type)).toEqual([
      "follow",
    ]);
    expect(await pushRows()).toBe(0);
    await proxy.stop();
  });

  it("a refusal no retry can change (400) is given up, and the browser kept", async () => {
    const uma = await createAccount(t);
    const vic = await createAccount(t);
    await browserOf(uma, (endpoint) => endpoint.replace(/[0-9a-f]{64}$/, "0".repeat(64)));
    await follow(t, vic, uma);
    await t.app.outbox.drain();
    const [given] = await pushRowsOf(t.database.db);
    expect(given).toMatchObject({ attempts: 1, failed: true });
    expect(given?.error).toMatch(/answered 400/);
    expect((await inject(t, uma, "GET", "/api/push/subscriptions")).json().items).toHaveLength(1);
    await t.database.db.execute(sql`delete from outbox where topic = 'push'`);
  });
});
