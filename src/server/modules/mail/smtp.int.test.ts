// The mail domain over real sockets (docs/mail.md): an outside sender → our inbound SMTP server →
// the recipient's thread, live; a reply from the product → an SMTP sink, with From, Message-ID,
// In-Reply-To and References; refusals at RCPT, size and DMARC; odd MIME handled.
import { generateKeyPairSync } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { dkimSign } from "mailauth";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { fakeDns } from "../../test-support/dns";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { connectRealtime, type TestSocket } from "../../test-support/ws-client";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const dkimPublic = publicKey.export({ type: "spki", format: "der" }).toString("base64");
const dkimPrivate = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

let t: TestApp;
let sink: SmtpSink;
let baseUrl: string;
let ann: TestAccount;
let bo: TestAccount;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp(
    { SMTP_URL: sink.url },
    {
      sink,
      dnsResolver: fakeDns({
        "s1._domainkey.signed.example": `v=DKIM1; k=rsa; p=${dkimPublic}`,
        "_dmarc.signed.example": "v=DMARC1; p=reject",
        "_dmarc.strict.example": "v=DMARC1; p=reject",
        "_dmarc.careful.example": "v=DMARC1; p=quarantine",
      }),
    },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [ann, bo] = await Promise.all([
    createAccount(t, { fullName: "Ann Smith" }),
    createAccount(t, { fullName: "Bo" }),
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
  await sink.close();
});

const inbound = () =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port: t.app.inboundSmtp.port,
    secure: false,
    ignoreTLS: true,
  });
const addressOf = (who: TestAccount) => `${who.handle}@chtcht.local`;
const threadsOf = async (who: TestAccount): Promise<ThreadView[]> =>
  (await inject(t, who, "GET", "/api/mail/threads")).json().items;
const messagesOf = async (who: TestAccount, threadId: string): Promise<MessageView[]> =>
  (await inject(t, who, "GET", `/api/mail/threads/${threadId}/messages`)).json().items;
const externalThread = async (who: TestAccount, address: string) =>
  (await threadsOf(who)).find((th) => th.other.kind === "external" && th.other.address === address);

describe("inbound SMTP", () => {
  it("delivers mail for a handle into a thread with the sender, live, and threads the replies", async () => {
    const socket = await connectRealtime(baseUrl, ann.cookie);
    sockets.push(socket);
    const sent = await inbound().sendMail({
      from: "Pen Pal <pal@outside.example>",
      to: addressOf(ann),
      subject: "Hello from outside",
      text: `Long letter. ${"word ".repeat(80)}`,
      messageId: "<first@outside.example>",
    });
    expect(sent.accepted).toEqual([addressOf(ann)]);
    const live = await socket.waitFor((m) => m.type === "mail.message");
    expect(live).toMatchObject({
      message: { direction: "inbound", senderAddress: "pal@outside.example" },
    });
    const thread = await externalThread(ann, "pal@outside.example");
    expect(thread).toMatchObject({ unread: true });
    const [message] = await messagesOf(ann, thread?.id as string);
    expect(message).toMatchObject({
      subject: "Hello from outside",
      sender: null,
      suspicious: false,
    });
    expect(message?.body.length).toBeGreaterThan(250);

    const reply = await inject(t, ann, "POST", `/api/mail/threads/${thread?.id}/messages`, {
      subject: "Re: Hello from outside",
      body: "Hi back",
    });
    expect(reply.statusCode).toBe(201);
    await sink.waitFor(1);
    const out = sink.received.at(-1)?.parsed;
    expect(out?.from?.value[0]).toEqual({ name: "Ann Smith", address: addressOf(ann) });
    expect(out?.to).toMatchObject({ value: [{ address: "pal@outside.example" }] });
    expect(out?.messageId).toMatch(/^<[0-9a-f-]+@chtcht\.local>$/);
    expect(out?.inReplyTo).toBe("<first@outside.example>");
    expect(out?.references).toEqual("<first@outside.example>");
    expect(out?.text?.trim()).toBe("Hi back");

    await inbound().sendMail({
      from: "pal@outside.example",
      to: addressOf(ann),
      subject: "Re: Re: Hello from outside",
      text: "Got it",
      inReplyTo: out?.messageId,
      references: [out?.messageId as string],
    });
    await socket.waitFor((m) => m.type === "mail.message" && m.message.body === "Got it");
    const bodies = (await messagesOf(ann, thread?.id as string)).map((m) => m.body);
    expect(bodies.slice(0, 2)).toEqual(["Got it", "Hi back"]);
    expect((await threadsOf(ann)).filter((th) => th.other.kind === "external")).toHaveLength(1);
  });

  it("refuses recipients that are not ours: no open relay, no unknown user", async () => {
    for (const to of ["nobody-here@chtcht.local", "someone@elsewhere.example"]) {
      const error = await inbound()
        .sendMail({ from: "x@outside.example", to, subject: "hi", text: "hi" })
        .then(
          () => null,
          (e: { responseCode?: number }) => e,
        );
      expect(error?.responseCode).toBe(550);
    }
  });

  it("refuses a message over 1 MB", async () => {
    const error = await inbound()
      .sendMail({
        from: "x@outside.example",
        to: addressOf(bo),
        subject: "big",
        text: "x".repeat(1_100_000),
      })
      .then(
        () => null,
        (e: { responseCode?: number }) => e,
      );
    expect(error?.responseCode).toBe(552);
    expect(await externalThread(bo, "x@outside.example")).toBeUndefined();
  });

  it("turns HTML-only mail into text, drops attachments and says so, and survives broken MIME", async () => {
    await inbound().sendMail({
      from: "html@outside.example",
      to: addressOf(bo),
      subject: "Styled",
      html: "<p>Hello <b>there</b></p><script>alert(1)</script>",
      attachments: [{ filename: "a.txt", content: "attached" }],
    });
    const html = await externalThread(bo, "html@outside.example");
    const [message] = await messagesOf(bo, html?.id as string);
    expect(message?.body).toContain("Hello there");
    expect(message?.body).not.toContain("<");
    expect(message?.attachmentsDropped).toBe(1);

    const broken = [
      "From: broken@outside.example",
      `To: ${addressOf(bo)}`,
      "Subject: Broken",
      'Content-Type: multipart/mixed; boundary="never-closed"',
      "",
      "--never-closed",
      "Content-Type: text/plain",
      "",
      "still readable",
    ].join("\r\n");
    await inbound().sendMail({
      envelope: { from: "broken@outside.example", to: [addressOf(bo)] },
      raw: broken,
    });
    const thread = await externalThread(bo, "broken@outside.example");
    expect((await messagesOf(bo, thread?.id as string))[0]?.body).toContain("still readable");
  });

  it("checks DMARC: a DKIM-signed message passes, a forged one is refused, a quarantined one is marked", async () => {
    const message = [
      "From: signer@signed.example",
      `To: ${addressOf(bo)}`,
      "Subject: Signed",
      "Message-ID: <signed-1@signed.example>",
      "Date: Mon, 23 Nov 2026 10:00:00 +0000",
      "",
      "Signed body",
      "",
    ].join("\r\n");
    const key = { signingDomain: "signed.example", selector: "s1", privateKey: dkimPrivate };
    const { signatures } = await dkimSign(message, { ...key, signatureData: [key] });
    await inbound().sendMail({
      envelope: { from: "signer@signed.example", to: [addressOf(bo)] },
      raw: signatures + message,
    });
    const signed = await externalThread(bo, "signer@signed.example");
    expect((await messagesOf(bo, signed?.id as string))[0]).toMatchObject({
      body: "Signed body",
      suspicious: false,
    });

    const forged = await inbound()
      .sendMail({
        envelope: { from: "ceo@strict.example", to: [addressOf(bo)] },
        raw: message
          .replace("signer@signed.example", "ceo@strict.example")
          .replace("signed-1@", "forged-1@"),
      })
      .then(
        () => null,
        (e: { responseCode?: number; response?: string }) => e,
      );
    expect(forged?.responseCode).toBe(550);
    expect(forged?.response).toContain("DMARC");
    expect(await externalThread(bo, "ceo@strict.example")).toBeUndefined();

    await inbound().sendMail({
      envelope: { from: "shy@careful.example", to: [addressOf(bo)] },
      // A Message-ID of its own: one a recipient was given already is not stored again.
      raw: message
        .replace("signer@signed.example", "shy@careful.example")
        .replace("signed-1@", "careful-1@"),
    });
    const careful = await externalThread(bo, "shy@careful.example");
    expect((await messagesOf(bo, careful?.id as string))[0]?.suspicious).toBe(true);
  });

  it("refuses mail claiming to come from our own domain", async () => {
    const error = await inbound()
      .sendMail({ from: addressOf(ann), to: addressOf(bo), subject: "me?", text: "spoof" })
      .then(
        () => null,
        (e: { responseCode?: number }) => e,
      );
    expect(error?.responseCode).toBe(550);
  });
});

describe("the external composer", () => {
  it("sends to an outside address over SMTP and keeps one thread per address", async () => {
    const before = sink.received.length;
    const first = await inject(t, bo, "POST", "/api/mail/send", {
      to: "Friend@Outside.Example",
      subject: "",
      body: "Are you there?",
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().thread.other).toEqual({
      kind: "external",
      address: "friend@outside.example",
    });
    await sink.waitFor(before + 1);
    const out = sink.received.at(-1)?.parsed;
    expect(out?.subject).toBe(`Message from ${bo.handle}`);
    expect(out?.from?.value[0]?.address).toBe(addressOf(bo));
    const second = await inject(t, bo, "POST", "/api/mail/send", {
      to: "friend@outside.example",
      body: "Hello again",
    });
    expect(second.json().thread.id).toBe(first.json().thread.id);
  });

  it("reaches a person by their address on our domain inside the product, and not oneself", async () => {
    const res = await inject(t, bo, "POST", "/api/mail/send", {
      to: addressOf(ann),
      body: "Inside",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().thread.other).toMatchObject({
      kind: "person",
      person: { userId: ann.userId },
    });
    const self = await inject(t, bo, "POST", "/api/mail/send", { to: addressOf(bo), body: "me" });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe("You can't send a message to yourself.");
  });

  it("keeps nothing when the mail server refuses, and says why", async () => {
    sink.refuse = true;
    try {
      const res = await inject(t, bo, "POST", "/api/mail/send", {
        to: "refused@outside.example",
        body: "Will this go?",
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe("send_failed");
      expect(res.json().error.message).toMatch(/Not today/);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from chat_messages where body = 'Will this go?'`,
      );
      expect(row?.n).toBe(0);
    } finally {
      sink.refuse = false;
    }
  });
});
