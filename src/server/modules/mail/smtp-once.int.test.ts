// Inbound mail stored once per recipient and Message-ID (docs/mail.md "Inbound"), over real SMTP:
// a sending server's retry of a message already stored is answered 250 and stores nothing; two
// deliveries of it at once store one; a recipient the retry adds gets their copy; after 7 days
// the sweep forgets the Message-ID.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { smtpFrom } from "../../test-support/smtp-client";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ann: TestAccount;
let bo: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bo] = await Promise.all([
    createAccount(t, { fullName: "Ann" }),
    createAccount(t, { fullName: "Bo" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const addressOf = (who: TestAccount) => `${who.handle}@chtcht.local`;

/** What `who` reads from `address`: the messages of their thread with it. */
async function messagesFrom(who: TestAccount, address: string): Promise<MessageView[]> {
  const threads = (await inject(t, who, "GET", "/api/mail/threads")).json().items as ThreadView[];
  const thread = threads.find((th) => th.other.kind === "external" && th.other.address === address);
  if (!thread) return [];
  return (await inject(t, who, "GET", `/api/mail/threads/${thread.id}/messages`)).json().items;
}

const storedWithId = async (messageId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where message_id = ${messageId}`,
    )
  )[0]?.n;

/** One delivery, as a sending server makes it (and makes it again when it heard no answer). */
const deliver = (to: TestAccount[], from: string, messageId: string, text: string) =>
  smtpFrom(t.app.inboundSmtp.port).sendMail({
    from,
    to: to.map(addressOf),
    subject: "Once",
    text,
    messageId: `<${messageId}>`,
  });

describe("inbound mail stored once", () => {
  it("answers a retry of a stored message 250 and stores nothing new", async () => {
    const first = await deliver([ann], "retry@outside.example", "retry-1@outside.example", "hi");
    const again = await deliver([ann], "retry@outside.example", "retry-1@outside.example", "hi");
    expect(first.accepted).toEqual([addressOf(ann)]);
    expect(again.accepted).toEqual([addressOf(ann)]);
    expect(first.response).toMatch(/^250 OK: message queued/);
    expect(again.response).toMatch(/^250 OK: already received, not stored again/);
    const messages = await messagesFrom(ann, "retry@outside.example");
    expect(messages.map((m) => m.body)).toEqual(["hi"]);
    expect(await storedWithId("retry-1@outside.example")).toBe(1);
  });

  it("stores one of two deliveries of the same message at once", async () => {
    const both = await Promise.all(
      [1, 2].map(() =>
        deliver([ann], "twice@outside.example", "twice-1@outside.example", "at once"),
      ),
    );
    for (const sent of both) expect(sent.accepted).toEqual([addressOf(ann)]);
    expect((await messagesFrom(ann, "twice@outside.example")).map((m) => m.body)).toEqual([
      "at once",
    ]);
    expect(await storedWithId("twice-1@outside.example")).toBe(1);
  });

  it("gives a recipient the retry adds their copy, and the first recipient none again", async () => {
    await deliver([ann], "more@outside.example", "more-1@outside.example", "for you both");
    const again = await deliver(
      [ann, bo],
      "more@outside.example",
      "more-1@outside.example",
      "for you both",
    );
    expect(again.accepted).toEqual([addressOf(ann), addressOf(bo)]);
    expect((await messagesFrom(ann, "more@outside.example")).length).toBe(1);
    expect((await messagesFrom(bo, "more@outside.example")).map((m) => m.body)).toEqual([
      "for you both",
    ]);
  });

  it("forgets a Message-ID after 7 days: the sweep deletes it and the same id is stored again", async () => {
    await deliver([ann], "week@outside.example", "week-1@outside.example", "a week apart");
    const early = await t.app.runMailDedupSweep(new Date(Date.now() + 6 * 86_400_000));
    expect(early?.messageIds).toBe(0);
    await deliver([ann], "week@outside.example", "week-1@outside.example", "a week apart");
    expect(await storedWithId("week-1@outside.example")).toBe(1);
    const report = await t.app.runMailDedupSweep(new Date(Date.now() + 8 * 86_400_000));
    expect(report?.messageIds).toBeGreaterThanOrEqual(1);
    await deliver([ann], "week@outside.example", "week-1@outside.example", "a week apart");
    expect(await storedWithId("week-1@outside.example")).toBe(2);
  });

  it("stores different messages from one sender each, and mail without a Message-ID each time", async () => {
    await deliver([ann], "many@outside.example", "many-1@outside.example", "one");
    await deliver([ann], "many@outside.example", "many-2@outside.example", "two");
    const raw = "From: noid@outside.example\r\nSubject: No id\r\n\r\nno id\r\n";
    for (let i = 0; i < 2; i++) {
      await smtpFrom(t.app.inboundSmtp.port).sendMail({
        envelope: { from: "noid@outside.example", to: [addressOf(ann)] },
        raw,
      });
    }
    expect((await messagesFrom(ann, "many@outside.example")).length).toBe(2);
    expect((await messagesFrom(ann, "noid@outside.example")).length).toBe(2);
  });
});
