// Mail for many instances (docs/operations.md "Mail for many instances"): two instances on one
// PostgreSQL database, each with its own SMTP listener, as with two MX hosts of equal preference.
// A conversation whose first message reaches instance A and whose reply reaches instance B is one
// thread of the recipient, in order, each message once; a message a sending server delivers to A
// and then again to B (same Message-ID) is stored once.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { fromPostgres, queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { smtpFrom } from "../../test-support/smtp-client";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { createPostgresDatabase } from "../../test-support/test-db";

/** Two instances on one database need PostgreSQL: an embedded PGlite belongs to one process. */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.warn("smtp-instances test skipped: two instances on one database need TEST_DATABASE_URL");
}

describe.skipIf(!pgUrl)("inbound mail through two instances' SMTP listeners", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let ann: TestAccount;
  // Cookies made on one instance open the other: they share SESSION_SECRET (docs/operations.md).
  const env = { SESSION_SECRET: "smtp-instances-test-secret-shared-by-both" };

  beforeAll(async () => {
    database = await createPostgresDatabase(pgUrl as string);
    const first = fromPostgres(database.url, 5);
    await first.migrate();
    a = await createTestApp(env, { database: first });
    b = await createTestApp(env, { database: fromPostgres(database.url, 5) });
    ann = await createAccount(a, { fullName: "Ann" });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  }, 60_000);

  const addressOf = (who: TestAccount) => `${who.handle}@chtcht.local`;
  const deliver = (
    through: TestApp,
    mail: { from: string; subject: string; text: string; messageId: string; replyTo?: string },
  ) =>
    smtpFrom(through.app.inboundSmtp.port).sendMail({
      from: mail.from,
      to: addressOf(ann),
      subject: mail.subject,
      text: mail.text,
      messageId: `<${mail.messageId}>`,
      ...(mail.replyTo
        ? { inReplyTo: `<${mail.replyTo}>`, references: [`<${mail.replyTo}>`] }
        : {}),
    });
  const threadsWith = async (through: TestApp, address: string): Promise<ThreadView[]> =>
    ((await inject(through, ann, "GET", "/api/mail/threads")).json().items as ThreadView[]).filter(
      (th) => th.other.kind === "external" && th.other.address === address,
    );
  const messagesIn = async (through: TestApp, threadId: string): Promise<MessageView[]> =>
    (await inject(through, ann, "GET", `/api/mail/threads/${threadId}/messages`)).json().items;
  const storedWithId = async (messageId: string) =>
    (
      await queryRows<{ n: number }>(
        a.database.db,
        sql`select count(*)::int as n from chat_messages where message_id = ${messageId}`,
      )
    )[0]?.n;

  it("threads a message received by A and its reply received by B into one thread, in order, each once", async () => {
    const sender = "pal@outside.example";
    const first = await deliver(a, {
      from: sender,
      subject: "Dinner on Friday?",
      text: "Are you free on Friday?",
      messageId: "dinner-1@outside.example",
    });
    expect(first.accepted).toEqual([addressOf(ann)]);
    expect(first.response).toMatch(/^250 OK: message queued/);
    const reply = await deliver(b, {
      from: sender,
      subject: "Re: Dinner on Friday?",
      text: "Seven o'clock, then.",
      messageId: "dinner-2@outside.example",
      replyTo: "dinner-1@outside.example",
    });
    expect(reply.accepted).toEqual([addressOf(ann)]);
    expect(reply.response).toMatch(/^250 OK: message queued/);

    // Read on either instance: the same one thread.
    for (const through of [a, b]) {
      const threads = await threadsWith(through, sender);
      expect(threads).toHaveLength(1);
      // The thread's pages list the newest first.
      const messages = await messagesIn(through, threads[0]?.id as string);
      expect(messages.map((m) => [m.subject, m.body])).toEqual([
        ["Re: Dinner on Friday?", "Seven o'clock, then."],
        ["Dinner on Friday?", "Are you free on Friday?"],
      ]);
    }
    expect(await storedWithId("dinner-1@outside.example")).toBe(1);
    expect(await storedWithId("dinner-2@outside.example")).toBe(1);
  });

  it("stores once a message delivered to A and then again to B with the same Message-ID", async () => {
    const sender = "retry@outside.example";
    const mail = {
      from: sender,
      subject: "Tickets",
      text: "The tickets are booked.",
      messageId: "tickets-1@outside.example",
    };
    const toA = await deliver(a, mail);
    const toB = await deliver(b, mail);
    expect(toA.response).toMatch(/^250 OK: message queued/);
    expect(toB.accepted).toEqual([addressOf(ann)]);
    expect(toB.response).toMatch(/^250 OK: already received, not stored again/);
    const [thread] = await threadsWith(b, sender);
    expect((await messagesIn(b, thread?.id as string)).map((m) => m.body)).toEqual([
      "The tickets are booked.",
    ]);
    expect(await storedWithId("tickets-1@outside.example")).toBe(1);
  });

  it("stores once a message delivered to A and B at the same moment", async () => {
    const mail = {
      from: "both@outside.example",
      subject: "At once",
      text: "Sent to both MX hosts at once.",
      messageId: "both-1@outside.example",
    };
    const answers = await Promise.all([deliver(a, mail), deliver(b, mail)]);
    for (const answer of answers) expect(answer.accepted).toEqual([addressOf(ann)]);
    // The (recipient, Message-ID) key makes the later of the two wait for the first's commit.
    const said = answers.map((answer) => answer.response.match(/^250 OK: ([a-z ]+)/)?.[1]);
    expect(said.sort()).toEqual(["already received", "message queued"]);
    expect(await storedWithId("both-1@outside.example")).toBe(1);
  });
});
