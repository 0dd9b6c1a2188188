// POST /api/mail/send and a reply in a thread with an Idempotency-Key (docs/mail.md "Sending
// once"): a repeat gets the first answer and no second message or mail; the same key with another message is 422; repeats
// at once store one message; one still being stored answers 409 (on PostgreSQL, where requests
// run side by side); a mail refused for good is refused again without a second try; a bad key is
// 400; keys are each person's own and are forgotten after 24 hours.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView } from "../../../domain/contracts/mail";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let sink: SmtpSink;
let ann: TestAccount;
let bo: TestAccount;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url }, { sink });
  [ann, bo] = await Promise.all([
    createAccount(t, { fullName: "Ann" }),
    createAccount(t, { fullName: "Bo" }),
  ]);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const send = (who: TestAccount, key: string | null, payload: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/mail/send",
    payload,
    headers: { cookie: who.cookie, ...(key === null ? {} : { "idempotency-key": key }) },
  });

const storedWithBody = async (body: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where body = ${body}`,
    )
  )[0]?.n;

const mailsWithText = (text: string) =>
  sink.received.filter((mail) => mail.parsed.text?.includes(text)).length;

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

describe("POST /api/mail/send with an Idempotency-Key", () => {
  it("answers a repeat as the first time, with one message and one mail", async () => {
    const key = newKey();
    const payload = { to: "pal@outside.example", subject: "Once", body: "sent once, asked twice" };
    const first = await send(ann, key, payload);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    await sink.waitFor(1);
    // The draft writes the key as a quoted string: the same key.
    for (const again of [key, `"${key}"`]) {
      const repeat = await send(ann, again, payload);
      expect(repeat.statusCode).toBe(201);
      expect(repeat.headers["idempotent-replayed"]).toBe("true");
      expect(repeat.json()).toEqual(first.json());
    }
    expect(await storedWithBody("sent once, asked twice")).toBe(1);
    expect(mailsWithText("sent once, asked twice")).toBe(1);
  });

  it("answers a repeat to someone on our domain as the first time, with one message", async () => {
    const key = newKey();
    const payload = { to: `${bo.handle}@chtcht.local`, body: "inside, once" };
    const first = await send(ann, key, payload);
    const repeat = await send(ann, key, payload);
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.json().message.id).toBe(first.json().message.id);
    const thread = first.json().thread.id;
    const seen = await t.app.inject({
      method: "GET",
      url: `/api/mail/threads/${thread}/messages`,
      headers: { cookie: bo.cookie },
    });
    expect((seen.json().items as MessageView[]).map((m) => m.body)).toEqual(["inside, once"]);
  });

  it("refuses the same key with another message (422, the error shape) and sends nothing", async () => {
    const key = newKey();
    expect(
      (await send(ann, key, { to: "pal@outside.example", body: "the first" })).statusCode,
    ).toBe(201);
    const other = await send(ann, key, { to: "pal@outside.example", body: "another one" });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({
      code: "idempotency_key_reused",
      message: expect.stringContaining("Idempotency-Key"),
    });
    expect(await storedWithBody("another one")).toBe(0);
  });

  it("stores one message for repeats sent at once; each answer is that message or 409", async () => {
    const key = newKey();
    const payload = { to: "pal@outside.example", body: "five at once" };
    const mailed = sink.received.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(ann, key, payload)));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(new Set(created.map((a) => a.json().message.id)).size).toBe(1);
    expect(await storedWithBody("five at once")).toBe(1);
    await sink.waitFor(mailed + 1);
    expect(mailsWithText("five at once")).toBe(1);
  });

  it("answers a repeat of a mail refused for good with the same 502, and tries it no more", async () => {
    const key = newKey();
    const payload = { to: "closed@outside.example", body: "refused for good" };
    sink.refuse = true;
    try {
      const first = await send(ann, key, payload);
      expect(first.statusCode).toBe(502);
      expect(first.json().error.code).toBe("send_failed");
      sink.refuse = false;
      const repeat = await send(ann, key, payload);
      expect(repeat.statusCode).toBe(502);
      expect(repeat.json().error).toMatchObject({
        code: "send_failed",
        message: first.json().error.message,
      });
    } finally {
      sink.refuse = false;
    }
    expect(await storedWithBody("refused for good")).toBe(0);
    expect(mailsWithText("refused for good")).toBe(0);
  });

  it.each([
    ["empty", ""],
    ["longer than 255 characters", "k".repeat(256)],
    ["quoted and empty", '""'],
  ])("refuses a key that is %s with 400 and sends nothing", async (_, key) => {
    const res = await send(ann, key, { to: "pal@outside.example", body: `bad key ${key.length}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_error");
    expect(res.json().error.message).toContain("Idempotency-Key");
    expect(await storedWithBody(`bad key ${key.length}`)).toBe(0);
  });

  it("takes a key of 255 characters, and keys are each person's own", async () => {
    const key = "k".repeat(255);
    const payload = { to: "pal@outside.example", body: "same key, two people" };
    const [mine, theirs] = [await send(ann, key, payload), await send(bo, key, payload)];
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().message.id).not.toBe(mine.json().message.id);
    expect(await storedWithBody("same key, two people")).toBe(2);
  });

  it("sends again with a key once the sweep has forgotten it after 24 hours", async () => {
    const key = newKey();
    const payload = { to: "pal@outside.example", body: "a day apart" };
    expect((await send(ann, key, payload)).statusCode).toBe(201);
    const report = await t.app.runMailDedupSweep(new Date(Date.now() + 25 * 3_600_000));
    expect(report?.keys).toBeGreaterThanOrEqual(1);
    const later = await send(ann, key, payload);
    expect(later.statusCode).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(await storedWithBody("a day apart")).toBe(2);
  });
});

const reply = (who: TestAccount, threadId: string, key: string | null, payload: object) =>
  t.app.inject({
    method: "POST",
    url: `/api/mail/threads/${threadId}/messages`,
    payload,
    headers: { cookie: who.cookie, ...(key === null ? {} : { "idempotency-key": key }) },
  });

describe("a reply in a thread with an Idempotency-Key", () => {
  it("answers a repeat as the first time with one message, and refuses the key for another", async () => {
    const opened = await send(ann, null, { to: `${bo.handle}@chtcht.local`, body: "reply thread" });
    const threadId = opened.json().thread.id as string;
    const key = newKey();
    const payload = { body: "a reply asked twice" };
    const first = await reply(ann, threadId, key, payload);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const repeat = await reply(ann, threadId, `"${key}"`, payload);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.json()).toEqual(first.json());
    expect(await storedWithBody("a reply asked twice")).toBe(1);

    const other = await reply(ann, threadId, key, { body: "another reply" });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("idempotency_key_reused");
    expect(await storedWithBody("another reply")).toBe(0);
  });

  it("stores one reply for repeats sent at once, out over SMTP in a thread with an address", async () => {
    const opened = await send(ann, null, { to: "pal@outside.example", body: "outside thread" });
    const threadId = opened.json().thread.id as string;
    const key = newKey();
    const mailed = sink.received.length;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => reply(ann, threadId, key, { body: "outside reply once" })),
    );
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(new Set(created.map((a) => a.json().message.id)).size).toBe(1);
    expect(await storedWithBody("outside reply once")).toBe(1);
    await sink.waitFor(mailed + 1);
    expect(mailsWithText("outside reply once")).toBe(1);
  });

  it("without a key, each reply is a message of its own", async () => {
    const opened = await send(ann, null, { to: `${bo.handle}@chtcht.local`, body: "no key" });
    const threadId = opened.json().thread.id as string;
    for (let i = 0; i < 2; i++) {
      expect((await reply(ann, threadId, null, { body: "said twice on purpose" })).statusCode).toBe(
        201,
      );
    }
    expect(await storedWithBody("said twice on purpose")).toBe(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a repeat while the first is being stored", () => {
  it("answers 409, and the first answer once the first is done", async () => {
    const key = newKey();
    const opened = await send(ann, null, { to: `${bo.handle}@chtcht.local`, body: "hello first" });
    const threadId = opened.json().thread.id as string;
    const payload = { to: `${bo.handle}@chtcht.local`, body: "held in flight" };
    let first: Awaited<ReturnType<typeof send>> | undefined;
    // The thread's row is held by another writer, so the first request waits inside its
    // transaction, holding its key.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from chat_threads where id = ${threadId} for update`);
      const pending = send(ann, key, payload).then((res) => {
        first = res;
      });
      // The repeat goes once the first holds its key: sent earlier, the repeat could take the key
      // and wait on the row this transaction holds.
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ n: number }>(
                t.database.db,
                sql`select count(*)::int as n from pg_locks where locktype = 'advisory'
                  and granted and ((classid::bigint << 32) | objid::bigint)
                    = hashtextextended(${`${ann.userId}\n${key}`}, 0)`,
              )
            )[0]?.n,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      let repeat = await send(ann, key, payload);
      for (let i = 0; i < 50 && repeat.statusCode !== 409; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        repeat = await send(ann, key, payload);
      }
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().error.code).toBe("idempotency_key_in_use");
      expect(first).toBeUndefined();
      void pending;
    });
    for (let i = 0; i < 100 && !first; i++) await new Promise((r) => setTimeout(r, 20));
    expect(first?.statusCode).toBe(201);
    const after = await send(ann, key, payload);
    expect(after.statusCode).toBe(201);
    expect(after.json()).toEqual(first?.json());
    expect(await storedWithBody("held in flight")).toBe(1);
  });
});
