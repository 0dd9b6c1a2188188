// What a message costs the database (docs/performance.md "Mail"): the statements one send through
// POST /api/mail/threads/:id/messages issues, counted on the database's connections (BEGIN and
// COMMIT included), so the send path cannot grow back unseen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { type CountedDatabase, countedTestApp } from "../../test-support/statement-count";
import type { TestApp } from "../../test-support/test-app";

let t: TestApp;
let counted: CountedDatabase;
let ann: TestAccount;
let bo: TestAccount;

beforeAll(async () => {
  ({ t, counted } = await countedTestApp());
  [ann, bo] = await Promise.all([
    createAccount(t, { fullName: "Ann" }),
    createAccount(t, { fullName: "Bo" }),
  ]);
});
afterAll(() => t.close());

/** Sends and answers how many statements the request issued. */
async function statementsOfSend(who: TestAccount, threadId: string, body: string) {
  const before = counted.statements();
  const res = await counted.counting(() =>
    inject(t, who, "POST", `/api/mail/threads/${threadId}/messages`, { body }),
  );
  expect(res.statusCode).toBe(201);
  return counted.statements() - before;
}

describe('statements per message (docs/performance.md "Mail")', () => {
  it("a first message, a reply that e-mails its notice, and a message in a going thread", async () => {
    const opened = await inject(t, ann, "POST", "/api/mail/threads/direct", { userId: bo.userId });
    const threadId = opened.json().thread.id as string;
    // Bo's session is read once here, so it is not counted in his reply.
    expect((await inject(t, bo, "GET", "/api/mail/unread-count")).statusCode).toBe(200);
    // The one read (with Bo's notification switches, quiet hours and browsers); BEGIN, the
    // message, his notice's claim, the outbox rows, COMMIT; the event's row deleted once
    // published, and the notice's row, written leased to the request, deleted once sent.
    expect(await statementsOfSend(ann, threadId, "hello")).toBe(8);
    expect(await statementsOfSend(bo, threadId, "hi")).toBe(8);
    // Within 15 minutes of Bo's notice: nothing to e-mail, so no row to claim.
    expect(await statementsOfSend(ann, threadId, "how are you")).toBe(7);
  });

  it("a message to an outside address", async () => {
    const send = (body: string) =>
      counted.counting(() =>
        inject(t, ann, "POST", "/api/mail/send", { to: "friend@outside.example", body }),
      );
    expect((await send("hello")).statusCode).toBe(201);
    const before = counted.statements();
    const res = await send("and again");
    expect(res.statusCode).toBe(201);
    expect(res.json().message.body).toBe("and again");
    // The thread found; the one read (with the From and the earlier Message-IDs); the message
    // with its mail's row (leased to the request) in one statement; the mail's row deleted once
    // sent; the thread for the answer. The live event goes out without a row, and the sender's
    // muted words are read once, by the first send's answer.
    expect(counted.statements() - before).toBe(5);
    const mail = t.mailbox.latestTo("friend@outside.example");
    expect(mail?.raw).toContain("and again");
    expect(mail?.raw).toMatch(/^In-Reply-To: <[^>]+>$/m);
  });
});
