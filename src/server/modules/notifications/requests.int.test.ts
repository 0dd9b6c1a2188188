// The filter of new accounts over the real HTTP API (docs/notifications.md "Requests", docs/mail.md
// "Message requests"): with it on, a comment, reply or mention from an account under 30 days old,
// or a new thread from one, waits under Requests (no Activity item or count, no push, no e-mail,
// not in the daily digest), while the comment stays on the post for everyone; a 29-day-old sender
// (the clock moved on) is held and a 31-day-old one is not; someone the person follows never is;
// Accept moves what waits into Activity and Mail and lets later ones notify; Dismiss drops it
// until the next one. Pushes go to web-push-testing's push service, as in push.int.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import {
  type BrowserSubscription,
  type PushService,
  startPushService,
} from "../../test-support/push-service";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE: "127.0.0.1" });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await service?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

interface Filtering {
  who: TestAccount;
  browser: BrowserSubscription;
}

/** Someone with the filter on and a browser subscribed to pushes. */
async function filtering(fullName: string): Promise<Filtering> {
  const who = await createAccount(t, { fullName });
  const on = await inject(t, who, "PATCH", "/api/account/notifications", {
    filterNewAccounts: true,
  });
  expect(on.json().filterNewAccounts).toBe(true);
  const subscription = await service.subscribe(t.config.push.vapid.publicKey);
  const { clientHash: _, ...json } = subscription;
  const res = await inject(t, who, "POST", "/api/push/subscriptions", {
    ...json,
    expirationTime: null,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { who, browser: subscription };
}

/** An account made `days` ago. */
async function madeDaysAgo(days: number, fullName: string): Promise<TestAccount> {
  const who = await createAccount(t, { fullName });
  await t.database.db.execute(
    sql`update profiles set created_at = now() - make_interval(days => ${days}) where user_id = ${who.userId}`,
  );
  return who;
}

/** The push bodies the browser got, once everything written so far has gone out. */
async function pushed(browser: BrowserSubscription): Promise<string[]> {
  await t.app.outbox.drain();
  return (await service.received(browser.clientHash)).map((text) => JSON.parse(text).body);
}

const mailsTo = async (who: TestAccount, subject: string) => {
  await t.app.outbox.drain();
  return t.mailbox.all().filter((m) => m.to.includes(who.email) && m.subject.startsWith(subject));
};

const comment = async (who: TestAccount, postId: string, content: string, parent?: string) => {
  const res = await inject(t, who, "POST", `/api/posts/${postId}/comments`, {
    content,
    ...(parent ? { parentCommentId: parent } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment as { id: string };
};

const activity = async (who: TestAccount) => {
  const { groups } = (await inject(t, who, "GET", "/api/activity")).json();
  return groups as { groupType: string; unread: boolean; actorsRecent: { userId: string }[] }[];
};
const actorsIn = async (who: TestAccount) =>
  (await activity(who)).flatMap((g) => g.actorsRecent.map((a) => `${g.groupType}:${a.userId}`));
const unreadCount = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/activity/unread-count")).json().count as number;
const requests = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/requests")).json().senders as {
    sender: { userId: string };
    count: number;
    items: { type: string; commentSnippet: string | null; target: string | null }[];
  }[];
const answer = (who: TestAccount, sender: TestAccount, choice: "accept" | "dismiss") =>
  inject(t, who, "POST", `/api/requests/${sender.userId}/${choice}`);

describe("comments from new accounts, with the filter on", () => {
  it("wait under Requests: no Activity item, count, push or digest; the comment stays on the post", async () => {
    const { who: rita, browser } = await filtering("Rita Reed");
    const post = await publish(t, rita, "Tell me about your garden");
    const newbie = await createAccount(t, { fullName: "Nat New" });
    const reader = await createAccount(t);
    await comment(newbie, post.id, "Buy cheap seeds");

    expect(await actorsIn(rita)).toEqual([]);
    expect(await unreadCount(rita)).toBe(0);
    expect(await requests(rita)).toEqual([
      expect.objectContaining({
        sender: expect.objectContaining({ userId: newbie.userId, fullName: "Nat New" }),
        count: 1,
        items: [
          expect.objectContaining({
            type: "COMMENT",
            commentSnippet: "Buy cheap seeds",
            target: post.path,
          }),
        ],
      }),
    ]);
    const onPost = (await inject(t, reader, "GET", `/api/posts/${post.id}/comments`)).json();
    expect(onPost.items.map((c: { content: string }) => c.content)).toEqual(["Buy cheap seeds"]);

    // Someone 31 days old is told as anyone: in Activity, pushed, in the digest.
    const elder = await madeDaysAgo(31, "Eli Elder");
    await comment(elder, post.id, "Roses do well here");
    expect(await actorsIn(rita)).toEqual([`COMMENT:${elder.userId}`]);
    expect(await pushed(browser)).toEqual(["Eli Elder commented on your post"]);
    await t.app.runEmailDigest(new Date());
    expect((await mailsTo(rita, "Since")).map((m) => m.subject)).toEqual([
      "Since yesterday: 1 comment on your posts",
    ]);
  });

  it("holds a 29-day-old sender (the clock moved on) and a reply and a mention as well", async () => {
    const { who: sam, browser } = await filtering("Sam Stone");
    const host = await createAccount(t, { fullName: "Hana Host" });
    const hostPost = await publish(t, host, "Open thread");
    const own = await comment(sam, hostPost.id, "My thoughts");
    const newbie = await createAccount(t, { fullName: "Nora Nine" });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 29 * DAY_MS });
    await comment(newbie, hostPost.id, "Reply to you", own.id);
    await comment(newbie, hostPost.id, `Hey @${sam.handle} look`);

    expect(await actorsIn(sam)).toEqual([]);
    const [waiting] = await requests(sam);
    expect(waiting?.items.map((i) => i.type).sort()).toEqual(["MENTION", "REPLY"]);
    expect(await pushed(browser)).toEqual([]);
  });

  it("leaves the filter off by default, and never holds someone the person follows", async () => {
    const dee = await createAccount(t, { fullName: "Dee Dale" });
    const deePost = await publish(t, dee, "Hello");
    const { who: rui } = await filtering("Rui Reis");
    const ruiPost = await publish(t, rui, "Hi");
    const newbie = await createAccount(t, { fullName: "Ned Newer" });
    await follow(t, rui, newbie);

    await comment(newbie, deePost.id, "Hi Dee");
    await comment(newbie, ruiPost.id, "Hi Rui");
    expect(await actorsIn(dee)).toEqual([`COMMENT:${newbie.userId}`]);
    expect(await actorsIn(rui)).toEqual([`COMMENT:${newbie.userId}`]);
    expect(await requests(rui)).toEqual([]);
  });

  it("Accept: what waits joins Activity unread, and what they write later notifies", async () => {
    const { who: ada, browser } = await filtering("Ada Ames");
    const post = await publish(t, ada, "Plans for Sunday");
    const newbie = await createAccount(t, { fullName: "Nico Novak" });
    await comment(newbie, post.id, "Count me in");
    await comment(newbie, post.id, "Bringing cake");

    expect((await answer(ada, newbie, "accept")).json()).toEqual({ ok: true });
    expect(await requests(ada)).toEqual([]);
    const groups = await activity(ada);
    expect(groups).toEqual([
      expect.objectContaining({
        groupType: "COMMENT",
        unread: true,
        actorsRecent: [expect.objectContaining({ userId: newbie.userId })],
      }),
    ]);
    expect(await unreadCount(ada)).toBe(1);
    expect(await pushed(browser)).toEqual([]);

    await comment(newbie, post.id, "See you there");
    expect(await pushed(browser)).toEqual(["Nico Novak commented on your post"]);
    expect(await requests(ada)).toEqual([]);
    // Accepting again changes nothing.
    expect((await answer(ada, newbie, "accept")).statusCode).toBe(200);
  });

  it("Dismiss: what waits goes; a later comment asks again", async () => {
    const { who: bea } = await filtering("Bea Burr");
    const post = await publish(t, bea, "Quiet day");
    const newbie = await createAccount(t, { fullName: "Noa North" });
    await comment(newbie, post.id, "Visit my page");

    expect((await answer(bea, newbie, "dismiss")).json()).toEqual({ ok: true });
    expect(await requests(bea)).toEqual([]);
    expect(await actorsIn(bea)).toEqual([]);

    await comment(newbie, post.id, "Please visit");
    expect((await requests(bea)).map((r) => [r.sender.userId, r.count])).toEqual([
      [newbie.userId, 1],
    ]);
  });

  it("refuses to accept oneself, an unknown sender and a malformed one", async () => {
    const { who: cal } = await filtering("Cal Cole");
    expect((await answer(cal, cal, "accept")).statusCode).toBe(400);
    const unknown = await inject(t, cal, "POST", "/api/requests/nobody-at-all/accept");
    expect(unknown.statusCode).toBe(404);
    const malformed = await inject(t, cal, "POST", "/api/requests/fed:not-a-uuid/accept");
    expect(malformed.statusCode).toBe(400);
  });
});

const openThread = async (who: TestAccount, other: TestAccount) =>
  (await inject(t, who, "POST", "/api/mail/threads/direct", { userId: other.userId })).json().thread
    .id as string;
const send = async (who: TestAccount, threadId: string, body: string) => {
  const res = await inject(t, who, "POST", `/api/mail/threads/${threadId}/messages`, {
    subject: null,
    body,
  });
  expect(res.statusCode, res.body).toBe(201);
};
const listed = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/mail/threads")).json().items.map((i: { id: string }) => i.id);
const mailUnread = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/mail/unread-count")).json().count as number;
const messageRequests = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/mail/requests")).json().items as {
    id: string;
    request?: string;
    latestMessage: { body: string };
  }[];

describe("messages from new accounts, with the filter on", () => {
  it("a new thread is a message request: not listed or counted, no push, no e-mail, until Accept", async () => {
    const { who: mia, browser } = await filtering("Mia Moss");
    const newbie = await createAccount(t, { fullName: "Neo Nash" });
    const thread = await openThread(newbie, mia);
    await send(newbie, thread, "Hello there");
    await send(newbie, thread, "Are you there?");

    expect(await listed(mia)).toEqual([]);
    expect(await mailUnread(mia)).toBe(0);
    expect(await messageRequests(mia)).toEqual([
      expect.objectContaining({
        id: thread,
        request: "pending",
        latestMessage: expect.objectContaining({ body: "Are you there?" }),
      }),
    ]);
    expect((await inject(t, mia, "GET", "/api/mail/requests/count")).json()).toEqual({ count: 1 });
    expect(await pushed(browser)).toEqual([]);
    expect(await mailsTo(mia, "New message")).toEqual([]);
    // The sender's own list shows it as any thread.
    expect(await listed(newbie)).toEqual([thread]);

    expect((await answer(mia, newbie, "accept")).statusCode).toBe(200);
    expect(await listed(mia)).toEqual([thread]);
    expect(await mailUnread(mia)).toBe(1);
    expect(await messageRequests(mia)).toEqual([]);
    await send(newbie, thread, "Thanks!");
    expect(await pushed(browser)).toEqual(["New message from Neo Nash"]);
    expect(await mailsTo(mia, "New message from Neo Nash")).toHaveLength(1);
  });

  it("Dismiss puts one aside until the next message; a reply takes it; a thread the person began is none", async () => {
    const { who: lea, browser } = await filtering("Lea Lind");
    const [newbie, other, third] = await Promise.all([
      createAccount(t, { fullName: "Nils Nye" }),
      createAccount(t, { fullName: "Olle Oak" }),
      createAccount(t, { fullName: "Tove Tam" }),
    ]);
    const thread = await openThread(newbie, lea);
    await send(newbie, thread, "Hi");
    const dismissed = await inject(t, lea, "POST", `/api/mail/threads/${thread}/dismiss`);
    expect(dismissed.json()).toEqual({ ok: true });
    expect(await messageRequests(lea)).toEqual([]);
    expect(await listed(lea)).toEqual([]);
    await send(newbie, thread, "Hi again");
    expect((await messageRequests(lea)).map((r) => r.id)).toEqual([thread]);

    // Answering the request takes the thread into her list.
    const asked = await openThread(other, lea);
    await send(other, asked, "Question");
    await send(lea, asked, "Answer");
    expect(await listed(lea)).toContain(asked);
    expect((await messageRequests(lea)).map((r) => r.id)).toEqual([thread]);

    // She wrote first: the new account's reply is told as anyone's.
    const begun = await openThread(lea, third);
    await send(lea, begun, "Welcome!");
    await send(third, begun, "Thank you");
    expect(await listed(lea)).toContain(begun);
    expect(await pushed(browser)).toEqual(["New message from Tove Tam"]);
    // A thread in her list cannot be dismissed as a request.
    expect((await inject(t, lea, "POST", `/api/mail/threads/${begun}/dismiss`)).statusCode).toBe(
      409,
    );
  });
});
