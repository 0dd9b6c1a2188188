// 'Who can message me' (docs/mail.md "Who can be written to"): the setting; each choice against a
// stranger, a follower, someone followed and a friend, through the Message button, the composer
// and a reply; a conversation the recipient wrote in going on after they closed the door; and mail
// from outside over a real SMTP socket, refused at RCPT TO with its 5xx text or at the end of DATA,
// while a reply to a person's own e-mail gets in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThreadView } from "../../../domain/contracts/mail";
import type { WhoMay } from "../../../domain/reply-controls";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { smtpFrom } from "../../test-support/smtp-client";
import { follow, inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
/** Each test's recipient: a new Ann, so the choices of one test do not reach the next. */
const people = {} as Record<"stranger" | "follower" | "followed" | "friend", TestAccount>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const [stranger, follower, followed, friend] = await Promise.all(
    Array.from({ length: 4 }, (_, n) => createAccount(t, { fullName: `Writer ${n}` })),
  );
  Object.assign(people, { stranger, follower, followed, friend });
});
afterAll(async () => {
  await t.close();
});

/** A recipient named Ann with `follower` following her, and her following `followed` and
 * `friend` (who follows her back), choosing `whoCanMessage`. */
async function annChoosing(whoCanMessage: WhoMay): Promise<TestAccount> {
  const ann = await createAccount(t, { fullName: "Ann" });
  await follow(t, people.follower, ann);
  await follow(t, ann, people.followed);
  await follow(t, ann, people.friend);
  await follow(t, people.friend, ann);
  const saved = await inject(t, ann, "PUT", "/api/mail/settings", { whoCanMessage });
  expect(saved.json()).toEqual({ whoCanMessage });
  return ann;
}

const addressOf = (who: TestAccount) => `${who.handle}@chtcht.local`;
const open = async (who: TestAccount, to: TestAccount): Promise<ThreadView> => {
  const res = await inject(t, who, "POST", "/api/mail/threads/direct", { userId: to.userId });
  expect(res.statusCode).toBe(200);
  return res.json().thread;
};
const write = (who: TestAccount, threadId: string, body = "hello") =>
  inject(t, who, "POST", `/api/mail/threads/${threadId}/messages`, { body });
const REFUSED = { code: "messages_closed", message: "Ann doesn't accept messages from you." };

const EXPECTED: Record<WhoMay, Record<keyof typeof people, boolean>> = {
  everyone: { stranger: true, follower: true, followed: true, friend: true },
  following: { stranger: false, follower: false, followed: true, friend: true },
  friends: { stranger: false, follower: false, followed: false, friend: true },
  nobody: { stranger: false, follower: false, followed: false, friend: false },
};

describe("who can message me", () => {
  it("is everyone until changed, and takes only the four choices", async () => {
    const ann = await createAccount(t);
    expect((await inject(t, ann, "GET", "/api/mail/settings")).json()).toEqual({
      whoCanMessage: "everyone",
    });
    const bad = await inject(t, ann, "PUT", "/api/mail/settings", { whoCanMessage: "some" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("whoCanMessage");
    expect((await inject(t, null, "GET", "/api/mail/settings")).statusCode).toBe(401);
  });

  it.each(Object.keys(EXPECTED) as WhoMay[])(
    "%s: the Message button, the composer and a message",
    async (policy) => {
      const ann = await annChoosing(policy);
      for (const [name, allowed] of Object.entries(EXPECTED[policy]) as [
        keyof typeof people,
        boolean,
      ][]) {
        const writer = people[name];
        // The Message button opens the thread either way; its composer is told before typing.
        const thread = await open(writer, ann);
        expect(thread.refusal, name).toEqual(allowed ? undefined : REFUSED);
        const read = await inject(t, writer, "GET", `/api/mail/threads/${thread.id}`);
        expect(read.json().thread.refusal, name).toEqual(allowed ? undefined : REFUSED);
        const sent = await write(writer, thread.id);
        expect(sent.statusCode, name).toBe(allowed ? 201 : 403);
        if (!allowed) expect(sent.json().error).toMatchObject(REFUSED);
        const composed = await inject(t, writer, "POST", "/api/mail/send", {
          to: addressOf(ann).toUpperCase(),
          body: "by address",
        });
        expect(composed.statusCode, name).toBe(allowed ? 201 : 403);
      }
      // Ann herself may always write to any of them.
      const mine = await open(ann, people.stranger);
      expect(mine.refusal).toBeUndefined();
      expect((await write(ann, mine.id)).statusCode).toBe(201);
    },
  );

  it("keeps a conversation going that the recipient wrote in, and only that one", async () => {
    const ann = await annChoosing("everyone");
    const { stranger, follower } = people;
    const thread = await open(stranger, ann);
    expect((await write(stranger, thread.id, "first")).statusCode).toBe(201);
    const other = await open(follower, ann);
    expect((await write(follower, other.id, "first")).statusCode).toBe(201);
    expect(
      (await inject(t, ann, "PUT", "/api/mail/settings", { whoCanMessage: "nobody" })).statusCode,
    ).toBe(200);

    // Ann never answered: the door is closed to them now.
    expect((await write(stranger, thread.id, "second")).json().error).toMatchObject(REFUSED);
    // She answers the stranger: their conversation goes on, the follower's stays closed.
    expect((await write(ann, thread.id, "hi back")).statusCode).toBe(201);
    expect((await open(stranger, ann)).refusal).toBeUndefined();
    expect((await write(stranger, thread.id, "second")).statusCode).toBe(201);
    expect((await write(follower, other.id, "second")).statusCode).toBe(403);

    // Someone who closed the door may write first, and the one written to may answer.
    const started = await open(ann, follower);
    expect((await write(ann, started.id, "hello from ann")).statusCode).toBe(201);
    expect((await write(follower, started.id, "hello back")).statusCode).toBe(201);
  });

  it("answers the composer's address check as sending would, before anyone types", async () => {
    const ann = await annChoosing("following");
    const { stranger, followed } = people;
    const check = async (who: TestAccount, to: string) => {
      const res = await inject(t, who, "GET", `/api/mail/recipient?to=${encodeURIComponent(to)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().refusal;
    };
    expect(await check(stranger, addressOf(ann))).toEqual(REFUSED);
    expect(await check(followed, addressOf(ann).toUpperCase())).toBeNull();
    // Nobody by that name answers as a block does; an address elsewhere only its server refuses.
    expect(await check(stranger, "nobody-here-at-all@chtcht.local")).toEqual({
      code: "forbidden",
      message: "You can't message this person.",
    });
    expect(await check(stranger, "pen.pal@example.net")).toBeNull();
    // Sending answers the same, and the check created no thread.
    const sent = await inject(t, stranger, "POST", "/api/mail/send", {
      to: addressOf(ann),
      body: "hello",
    });
    expect(sent.json().error).toMatchObject(REFUSED);
    // Once Ann wrote in their thread, the check lets the stranger in.
    const started = await open(ann, stranger);
    expect((await write(ann, started.id, "hello from ann")).statusCode).toBe(201);
    expect(await check(stranger, addressOf(ann))).toBeNull();
    expect(
      (await inject(t, stranger, "GET", "/api/mail/recipient?to=not-an-address")).statusCode,
    ).toBe(400);
    expect(
      (await inject(t, null, "GET", `/api/mail/recipient?to=${addressOf(ann)}`)).statusCode,
    ).toBe(401);
  });

  it("answers a block as before, whatever the choice", async () => {
    const ann = await annChoosing("friends");
    const { friend } = people;
    await inject(t, ann, "POST", `/api/safety/blocks/${friend.userId}`);
    const res = await inject(t, friend, "POST", "/api/mail/threads/direct", { userId: ann.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You can't message this person.");
  });
});

describe("mail from outside, over SMTP", () => {
  const send = (ann: TestAccount, from: string, extra: Record<string, unknown> = {}) =>
    smtpFrom(t.app.inboundSmtp.port)
      .sendMail({ from, to: addressOf(ann), subject: "Hello", text: "Hi Ann", ...extra })
      .then(
        (info) => ({ accepted: info.accepted, code: 250, response: info.response }),
        (error: { responseCode?: number; response?: string }) => ({
          accepted: [],
          code: error.responseCode,
          response: error.response ?? "",
        }),
      );
  const externalThreads = async (ann: TestAccount) =>
    ((await inject(t, ann, "GET", "/api/mail/threads")).json().items as ThreadView[]).filter(
      (th) => th.other.kind === "external",
    );

  it("gets in for someone open to everyone", async () => {
    const ann = await annChoosing("everyone");
    expect((await send(ann, "pal@outside.example")).code).toBe(250);
    expect(await externalThreads(ann)).toHaveLength(1);
  });

  it.each(["following", "friends", "nobody"] as const)(
    "%s: refused at RCPT TO with its reason, unless it answers mail Ann sent",
    async (policy) => {
      const ann = await annChoosing(policy);
      const refused = await send(ann, "pal@outside.example");
      expect(refused.code).toBe(550);
      expect(refused.response).toBe(
        `550 5.7.1 ${addressOf(ann)} does not accept messages from this sender`,
      );
      expect(await externalThreads(ann)).toEqual([]);

      // Ann writes to the address: its answers get in, new mail from it too.
      const sent = await inject(t, ann, "POST", "/api/mail/send", {
        to: "pal@outside.example",
        subject: "Hello Pal",
        body: "Write back?",
      });
      expect(sent.statusCode).toBe(201);
      expect((await send(ann, "pal@outside.example", { subject: "Re: Hello Pal" })).code).toBe(250);
      const [thread] = await externalThreads(ann);
      expect(thread?.latestMessage).toMatchObject({
        direction: "inbound",
        subject: "Re: Hello Pal",
      });

      // Anyone else is still refused, a bounce with the empty sender too.
      expect((await send(ann, "other@outside.example")).code).toBe(550);
      const bounce = await send(ann, "mailer-daemon@outside.example", {
        envelope: { from: "", to: [addressOf(ann)] },
      });
      expect(bounce.code).toBe(550);
      // The envelope names Pal, but the mail is someone else's: refused at the end of DATA.
      const posing = await send(ann, "stranger@outside.example", {
        envelope: { from: "pal@outside.example", to: [addressOf(ann)] },
      });
      expect(posing.code).toBe(550);
      expect(posing.response).toBe(
        `550 5.7.1 ${addressOf(ann)} does not accept messages from this sender`,
      );
      expect(await externalThreads(ann)).toHaveLength(1);
    },
  );
});
