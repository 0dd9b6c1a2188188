// Deleting the account through the real HTTP app (docs/accounts.md "Deleting the account"): a
// person with everything the product keeps (profile and pictures, posts with images, comments,
// likes, follows both ways, messages both ways, a report, activity, a paid username at the fake
// Stripe) deletes it with the mailed code. Then no row anywhere names them but the held names,
// other people's counters equal a recount, the other side of a conversation reads 'Message
// deleted', their socket closed, the subscription was cancelled, mail to their address is refused
// with 550 over a real socket, their names are held for 90 days and released by the job, and the
// same e-mail registers a new, empty account. Runs on PGlite, and on PostgreSQL in its pass.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { SESSION_ENDED_CLOSE_CODE } from "../../../domain/realtime-frames";
import { queryRows } from "../../db/client";
import { MAILED_CODE_MAX_WRONG_TRIES } from "../../db/mailed-codes";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from "../../test-support/fake-stripe";
import { multipartFile, multipartPost } from "../../test-support/multipart";
import { refusalOf } from "../../test-support/smtp-client";
import { follow, inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { connectRealtime } from "../../test-support/ws-client";
import { DELETED_TARGET } from "../audit/record";

const DAY = 24 * 60 * 60 * 1000;
const MAIL_DOMAIN = "chtcht.local";
const MODERATOR = "moderator.deletion@example.com";

let t: TestApp;
let stripe: FakeStripe;
let baseUrl: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    ADMIN_EMAILS: MODERATOR,
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

const image = (color: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function postWithImage(who: TestAccount, content: string) {
  const { payload, headers } = await multipartPost(content, await image("#884422"));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json().post as { id: string; images: { url: string }[] };
  return { id: made.id, imageUrl: made.images[0]?.url as string };
}

async function post(who: TestAccount, content: string): Promise<string> {
  const res = await inject(t, who, "POST", "/api/posts", { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post.id;
}

async function comment(who: TestAccount, postId: string, content: string, parent?: string) {
  const res = await inject(t, who, "POST", `/api/posts/${postId}/comments`, {
    content,
    ...(parent ? { parentCommentId: parent } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment.id as string;
}

async function like(who: TestAccount, url: string) {
  const res = await inject(t, who, "POST", url);
  expect(res.json().liked, res.body).toBe(true);
}

async function threadWith(who: TestAccount, other: TestAccount): Promise<string> {
  const res = await inject(t, who, "POST", "/api/mail/threads/direct", { userId: other.userId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().thread.id;
}

async function say(who: TestAccount, threadId: string, body: string, subject?: string) {
  const res = await inject(t, who, "POST", `/api/mail/threads/${threadId}/messages`, {
    body,
    subject,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const messagesOf = async (who: TestAccount, threadId: string): Promise<MessageView[]> =>
  (await inject(t, who, "GET", `/api/mail/threads/${threadId}/messages`)).json().items;
const threadsOf = async (who: TestAccount): Promise<ThreadView[]> =>
  (await inject(t, who, "GET", "/api/mail/threads")).json().items;

/** Buys `name` at the fake Stripe: checkout, payment, completion from the success page. */
async function buyName(buyer: TestAccount, name: string): Promise<string> {
  const checkout = await inject(t, buyer, "POST", "/api/usernames/checkout", { name });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const sessionId = checkout.json().url.split("/").at(-1) as string;
  const subscription = stripe.pay(sessionId);
  const done = await inject(t, buyer, "POST", "/api/usernames/checkout/complete", { sessionId });
  expect(done.json()).toEqual({ success: true, username: name });
  return subscription.id;
}

const requestCode = (who: TestAccount) => inject(t, who, "POST", "/api/account/deletion/code");

/** The code in the latest deletion mail to the person. */
function mailedCode(who: TestAccount): string {
  const mail = t.mailbox
    .all()
    .filter((m) => m.to.includes(who.email) && m.subject.includes("delete your"))
    .at(-1);
  const code = mail?.subject.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`no deletion code mailed to ${who.email}`);
  return code;
}

const confirm = (who: TestAccount, code: string) =>
  inject(t, who, "POST", "/api/account/deletion", { code });

const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

const availability = async (name: string) =>
  (await inject(t, null, "GET", `/api/usernames/${name}/availability`)).json();

function sendInbound(to: string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: t.app.inboundSmtp.port,
    secure: false,
    ignoreTLS: true,
  });
  return refusalOf(
    transport.sendMail({ from: "pal@outside.example", to, subject: "Hi", text: "Still there?" }),
  );
}

/** Every row in any table of the public schema whose text holds one of `needles`, by table
 * and column: the generic check, so a table added later that keeps people's ids is caught too. */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const columns = await rows<{ table: string; column: string }>(
    sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'uuid', 'jsonb')
        order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const [hit] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)}
            where position(${needle.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0`,
      );
      if (hit && hit.n > 0) found.push(`${table}.${column}`);
    }
  }
  return found;
}

/** Counters that differ from a recount of their rows, anywhere in the database. */
async function driftedCounters(): Promise<unknown[]> {
  return [
    ...(await rows(
      sql`select user_id, followers_count, following_count, friends_count from profiles p where
          followers_count <> (select count(*) from followers where following_id = p.user_id)
          or following_count <> (select count(*) from followers where follower_id = p.user_id)
          or friends_count <> (select count(*) from followers a join followers b
               on b.follower_id = a.following_id and b.following_id = a.follower_id
               where a.follower_id = p.user_id)`,
    )),
    ...(await rows(
      sql`select id, likes_count, comments_count, reposts_count from posts p where
          likes_count <> (select count(*) from post_likes where post_id = p.id)
          or reposts_count <> (select count(*) from post_reposts where post_id = p.id)
          or comments_count <> (select count(*) from post_comments
               where post_id = p.id and deleted_at is null)`,
    )),
    ...(await rows(
      sql`select id, likes_count from post_comments c where
          likes_count <> (select count(*) from post_comment_likes where comment_id = c.id)`,
    )),
  ];
}

describe("Deleting the account", () => {
  it("asks to sign in first and checks the code's shape", async () => {
    expect((await inject(t, null, "POST", "/api/account/deletion/code")).statusCode).toBe(401);
    expect(
      (await inject(t, null, "POST", "/api/account/deletion", { code: "123456" })).statusCode,
    ).toBe(401);
    const person = await createAccount(t, { label: "shape" });
    const short = await confirm(person, "12345");
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().error.fields)).toEqual(["code"]);
  });

  it("mails a code to the account's address, once a minute", async () => {
    const person = await createAccount(t, { label: "codemail" });
    const res = await requestCode(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      email: person.email,
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    });
    expect(mailedCode(person)).toMatch(/^\d{6}$/);
    const again = await requestCode(person);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe("resend_cooldown");
  });

  it("changes nothing on a wrong code, and voids the code after five wrong tries", async () => {
    const person = await createAccount(t, { label: "wrongcode" });
    const friend = await createAccount(t, { label: "wrongfriend" });
    await follow(t, person, friend);
    await post(person, "Still here");
    await requestCode(person);
    const code = mailedCode(person);
    const wrong = code === "999999" ? "999998" : "999999";

    const first = await confirm(person, wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toMatchObject({
      code: "invalid_code",
      fields: { code: ["Invalid verification code"] },
    });
    expect((await inject(t, person, "GET", "/api/auth/session")).json().user?.id).toBe(
      person.userId,
    );
    const [counts] = await rows<{ n: number }>(
      sql`select followers_count as n from profiles where user_id = ${friend.userId}`,
    );
    expect(counts?.n).toBe(1);
    const [posts] = await rows<{ n: number }>(
      sql`select count(*)::int as n from posts where user_id = ${person.userId}`,
    );
    expect(posts?.n).toBe(1);

    for (let i = 1; i < MAILED_CODE_MAX_WRONG_TRIES; i++) {
      expect((await confirm(person, wrong)).statusCode).toBe(400);
    }
    // Five wrong tries void the code: even the right one is refused now.
    const voided = await confirm(person, code);
    expect(voided.statusCode).toBe(403);
    expect(voided.json().error.code).toBe("too_many_attempts");
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it("refuses a code past its ten minutes", async () => {
    const person = await createAccount(t, { label: "expired" });
    await requestCode(person);
    await t.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second'
          where identifier = ${`delete-account:${person.userId}`}`,
    );
    const res = await confirm(person, mailedCode(person));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("code_expired");
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it("deletes everything of the person and nothing of anyone else's", async () => {
    const person = await createAccount(t, { label: "gone", fullName: "Lee Leaving" });
    const friend = await createAccount(t, { label: "friend", fullName: "Fran Friend" });
    const fan = await createAccount(t, { label: "fan", fullName: "Fay Fan" });

    // A profile with an avatar, posts with images, and a bought username.
    const avatar = await multipartFile(await image("#336699"), "me.jpg", "image/jpeg");
    const avatarRes = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${person.userId}/avatar`,
      payload: avatar.payload,
      headers: { ...avatar.headers, cookie: person.cookie },
    });
    expect(avatarRes.statusCode, avatarRes.body).toBe(200);
    const avatarUrl = avatarRes.json().profile.profileImageUrl as string;
    const picture = await multipartFile(await image("#669933"), "pic.jpg", "image/jpeg");
    const pictureRes = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${person.userId}/pictures/2`,
      payload: picture.payload,
      headers: { ...picture.headers, cookie: person.cookie },
    });
    expect(pictureRes.statusCode, pictureRes.body).toBe(200);
    const pictureUrl = pictureRes.json().profile.pictures[1] as string;
    const pictures = [await postWithImage(person, "My first picture")];
    pictures.push(await postWithImage(person, "My second picture"));
    const reserved = `lee${Date.now().toString(36).slice(-6)}`;
    const subscriptionId = await buyName(person, reserved);

    // Follows both ways (a mutual pair with the friend), likes, comments and replies.
    await follow(t, person, friend);
    await follow(t, friend, person);
    await follow(t, fan, person);
    const friendsPost = await post(friend, "Friend's post");
    const fansPost = await post(fan, "Fan's post");
    await like(person, `/api/posts/${friendsPost}/like`);
    await like(person, `/api/posts/${fansPost}/like`);
    await like(fan, `/api/posts/${friendsPost}/like`);
    for (const [who, postId] of [
      [person, friendsPost],
      [person, fansPost],
      [fan, friendsPost],
    ] as const) {
      const res = await inject(t, who, "PUT", `/api/posts/${postId}/repost`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const myComment = await comment(person, friendsPost, "Nice one");
    const fanReply = await comment(fan, friendsPost, "Agreed with Lee", myComment);
    await comment(person, fansPost, "Also nice");
    const fanComment = await comment(fan, friendsPost, "My own take");
    await like(person, `/api/comments/${fanComment}/like`);
    await like(friend, `/api/comments/${myComment}/like`);
    await like(friend, `/api/posts/${pictures[0]?.id}/like`);
    await comment(friend, pictures[0]?.id as string, "Great picture");

    // Messages both ways with the friend, and outside mail in a thread of the person alone.
    const thread = await threadWith(person, friend);
    await say(person, thread, "A secret only Lee wrote", "Lee's subject");
    await say(friend, thread, "Fran's answer stays");
    expect(await sendInbound(`${reserved}@${MAIL_DOMAIN}`)).toBeNull();
    // A report the person filed, and activity both ways.
    const report = await inject(t, person, "POST", "/api/reports", {
      targetType: "post",
      targetId: fansPost,
      reason: "spam",
    });
    expect(report.statusCode, report.body).toBe(201);
    const [activity] = await rows<{ n: number }>(
      sql`select count(*)::int as n from user_activity
          where actor_id = ${person.userId} or recipient_id = ${person.userId}`,
    );
    expect(activity?.n).toBeGreaterThanOrEqual(6);
    expect(await driftedCounters()).toEqual([]);
    // A moderator restricted them once: the audit log keeps the action, not the person.
    const moderator = await createAccount(t, { email: MODERATOR });
    const restrict = await inject(t, moderator, "POST", "/api/admin/actions", {
      targetType: "profile",
      targetId: person.userId,
      action: "restrict",
      rule: "spam",
      reason: "Deletion test",
      days: 1,
    });
    expect(restrict.statusCode, restrict.body).toBe(200);

    const socket = await connectRealtime(baseUrl, person.cookie);
    const [profile] = await rows<{ defaultUsername: string }>(
      sql`select default_username as "defaultUsername" from profiles where user_id = ${person.userId}`,
    );
    const defaultName = profile?.defaultUsername as string;
    const mediaUrls = [...pictures.map((p) => p.imageUrl), avatarUrl, pictureUrl];
    const thumbs = mediaUrls.map((url) => url.replace(/\.jpg$/, "-thumb.jpg"));
    for (const url of [...mediaUrls, ...thumbs]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }

    // The deletion itself.
    expect((await requestCode(person)).statusCode).toBe(200);
    const res = await confirm(person, mailedCode(person));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(String(res.headers["set-cookie"])).toMatch(/session_token=;/);
    await t.app.outbox.drain();

    // Their socket closed as a signed-out one, and nothing signs in as them any more.
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await inject(t, person, "GET", "/api/auth/session")).json().user).toBeNull();
    expect((await login(person.email, person.password)).statusCode).toBe(401);

    // No row anywhere holds their id (as text or hex, as media keys do), address or handle,
    // but the held names, and the search index's change log (ids only, pruned in minutes).
    const hexId = Buffer.from(person.userId, "utf8").toString("hex");
    const left = await rowsHolding([person.userId, hexId, person.email]);
    expect(left.filter((where) => where !== "search_changes.user_id")).toEqual([]);
    const handles = await rowsHolding([`${reserved}@`, `${defaultName}@`]);
    expect(handles).toEqual([]);
    expect(
      (await rows<{ name: string }>(sql`select name from held_names order by name`)).map(
        (r) => r.name,
      ),
    ).toEqual(expect.arrayContaining([reserved, defaultName]));

    const audit = (await inject(t, moderator, "GET", "/api/admin/audit")).json().items;
    expect(audit.find((e: { reason: string }) => e.reason === "Deletion test")).toMatchObject({
      action: "restrict",
      targetId: DELETED_TARGET,
      targetUser: null,
    });

    // Other people's counters equal a recount; the fan's reply to the person's comment stays.
    expect(await driftedCounters()).toEqual([]);
    const [friendCounts] = await rows<{ followers: number; following: number; friends: number }>(
      sql`select followers_count as followers, following_count as following,
          friends_count as friends from profiles where user_id = ${friend.userId}`,
    );
    expect(friendCounts).toEqual({ followers: 0, following: 0, friends: 0 });
    const [friendsPostCounts] = await rows<{ likes: number; comments: number; reposts: number }>(
      sql`select likes_count as likes, comments_count as comments, reposts_count as reposts
          from posts where id = ${friendsPost}`,
    );
    expect(friendsPostCounts).toEqual({ likes: 1, comments: 2, reposts: 1 });
    const [reply] = await rows<{ parent: string | null; content: string }>(
      sql`select parent_comment_id as parent, content from post_comments where id = ${fanReply}`,
    );
    expect(reply).toEqual({ parent: null, content: "Agreed with Lee" });

    // The friend's thread stays, with the person's message as 'Message deleted'.
    const [friendsThread] = await threadsOf(friend);
    expect(friendsThread?.id).toBe(thread);
    expect(friendsThread?.other).toMatchObject({
      kind: "person",
      person: { fullName: "Deleted account" },
    });
    const messages = await messagesOf(friend, thread);
    expect(messages.map((m) => [m.body, m.subject, m.senderDeleted, m.sender])).toEqual([
      ["Fran's answer stays", null, false, expect.objectContaining({ userId: friend.userId })],
      ["Message deleted", null, true, null],
    ]);

    // Images left the object store; the subscription was cancelled at the provider.
    for (const url of [...mediaUrls, ...thumbs]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");

    // Their addresses refuse mail with 550 over a real SMTP socket.
    for (const name of [reserved, defaultName]) {
      const refusal = await sendInbound(`${name}@${MAIL_DOMAIN}`);
      expect(refusal?.responseCode, name).toBe(550);
    }

    // Their names cannot be bought or taken by a new sign-up for 90 days.
    for (const name of [reserved, defaultName]) {
      expect(await availability(name), name).toMatchObject({ available: false, reason: "taken" });
    }
    // Coming back at once: the first sign-up's code cooldown was that account's.
    const again = await createAccount(t, { email: person.email, fullName: "Lee Again" });
    expect(again.userId).not.toBe(person.userId);
    expect(again.handle).not.toBe(defaultName);
    const fresh = (await inject(t, again, "GET", `/api/profiles/${again.handle}`)).json().profile;
    expect(fresh).toMatchObject({
      fullName: "Lee Again",
      counts: { friends: 0, following: 0, followers: 0 },
      profileImageUrl: null,
      username: null,
    });
    expect(await threadsOf(again)).toEqual([]);

    // The release job leaves them alone before 90 days, and frees them after.
    expect(await t.app.releaseHeldNames(new Date(Date.now() + 89 * DAY))).toEqual([]);
    const released = await t.app.releaseHeldNames(new Date(Date.now() + 91 * DAY));
    expect(released).toEqual(expect.arrayContaining([reserved, defaultName]));
    expect(await availability(reserved)).toMatchObject({ available: true });
    const newcomer = await createAccount(t, { email: `${defaultName}@elsewhere.example` });
    expect(newcomer.handle).toBe(defaultName);
  });
});
