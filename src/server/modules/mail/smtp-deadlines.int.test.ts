// The inbound SMTP server's deadlines that no trickle of bytes extends (docs/mail.md "Inbound"),
// over real sockets with a one-second idle time: whole lines sent slowly never reach DATA and are
// dropped at the session's deadline; a message sent a line at a time is dropped at the message's
// deadline and nothing of it is stored; a sender delivering message after message on one
// connection has the session's time again after each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { type BareSmtpClient, connectSmtp } from "../../test-support/smtp-client";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const IDLE_SECONDS = 1;
/** The deadlines at this idle time: four times it before DATA, twenty times it for a message. */
const SESSION_MS = 4 * IDLE_SECONDS * 1000;
const DATA_MS = 20 * IDLE_SECONDS * 1000;
const STEP_MS = 300;

let t: TestApp;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ SMTP_INBOUND_IDLE_SECONDS: String(IDLE_SECONDS) });
  ann = await createAccount(t, { fullName: "Ann" });
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `NOOP` every step until the server closes the connection; the answers it got. */
async function noopUntilClosed(client: BareSmtpClient): Promise<string[]> {
  const answers: string[] = [];
  while (!client.closed()) {
    await sleep(STEP_MS);
    if (client.closed()) break;
    answers.push(await Promise.race([client.command("NOOP"), client.closedAt.then(() => "")]));
  }
  return answers.filter(Boolean);
}

async function envelope(client: BareSmtpClient, from: string): Promise<void> {
  expect(await client.command(`MAIL FROM:<${from}>`)).toMatch(/^250 /);
  expect(await client.command(`RCPT TO:<${ann.handle}@chtcht.local>`)).toMatch(/^250 /);
  expect(await client.command("DATA")).toMatch(/^354 /);
}

const bodiesOf = async (who: TestAccount) => {
  const threads = (await inject(t, who, "GET", "/api/mail/threads")).json().items as {
    latestMessage?: { body: string };
  }[];
  return threads.map((thread) => thread.latestMessage?.body);
};

describe("inbound SMTP deadlines", () => {
  it("drops a client whose whole lines never reach DATA at the session's deadline", async () => {
    const client = await connectSmtp(t.app.inboundSmtp.port, "127.0.0.21");
    const greetedAt = Date.now();
    expect(client.line).toMatch(/^220 /);
    expect(await client.command("EHLO slow.example")).toMatch(/^250[ -]/);
    const answers = await noopUntilClosed(client);
    const closedAt = await client.closedAt;
    // Every line was whole and answered in time; the session as a whole was not. The server's
    // parting 421 can be read as the answer to a NOOP sent while it was on its way.
    const lastAnswer = answers.at(-1) ?? "";
    const answered = lastAnswer.startsWith("421 ") ? answers.slice(0, -1) : answers;
    expect(answered.length).toBeGreaterThanOrEqual(SESSION_MS / STEP_MS - 3);
    expect(answered.filter((a) => !a.startsWith("250 "))).toEqual([]);
    expect(closedAt - greetedAt).toBeGreaterThanOrEqual(SESSION_MS - 200);
    expect(closedAt - greetedAt).toBeLessThan(SESSION_MS + 1500);
    expect(client.said()).toMatch(/\r\n421 4\.4\.2 .*Timeout: a session must reach DATA within 4 /);
  }, 15_000);

  it("drops a message sent a line at a time at the message's deadline and stores none of it", async () => {
    const client = await connectSmtp(t.app.inboundSmtp.port, "127.0.0.22");
    expect(await client.command("EHLO slow.example")).toMatch(/^250[ -]/);
    await envelope(client, "drip@outside.example");
    const dataAt = Date.now();
    client.write("From: drip@outside.example\r\nSubject: Drip\r\n\r\n");
    const timer = setInterval(() => client.write("drip\r\n"), STEP_MS);
    const closedAt = await client.closedAt;
    clearInterval(timer);
    expect(closedAt - dataAt).toBeGreaterThanOrEqual(DATA_MS - 200);
    expect(closedAt - dataAt).toBeLessThan(DATA_MS + 1500);
    expect(client.said()).toMatch(
      /\r\n421 4\.4\.2 .*Timeout: a message must arrive whole within 20 /,
    );
    expect(await bodiesOf(ann)).not.toContain("drip");
  }, 30_000);

  it("gives a sender delivering message after message on one connection the session's time again after each", async () => {
    const client = await connectSmtp(t.app.inboundSmtp.port, "127.0.0.23");
    const greetedAt = Date.now();
    expect(await client.command("EHLO busy.example")).toMatch(/^250[ -]/);
    for (let n = 1; n <= 3; n++) {
      // Most of the session's time goes by before each message.
      while (Date.now() - greetedAt < n * (SESSION_MS - 1000)) {
        expect(await client.command("NOOP")).toMatch(/^250 /);
        await sleep(STEP_MS);
      }
      await envelope(client, "busy@outside.example");
      client.write(`From: busy@outside.example\r\nSubject: Busy ${n}\r\n\r\nmessage ${n}\r\n`);
      expect(await client.command(".")).toMatch(/^250 /);
    }
    expect(client.closed()).toBe(false);
    expect(Date.now() - greetedAt).toBeGreaterThan(2 * SESSION_MS);
    expect(await client.command("QUIT")).toMatch(/^221 /);
    expect(await bodiesOf(ann)).toContain("message 3");
  }, 30_000);
});
