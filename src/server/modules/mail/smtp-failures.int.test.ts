// Inbound mail that cannot be stored (docs/mail.md "Inbound"), over real SMTP: control characters
// (a raw NUL, quoted-printable =00) are taken out of every stored text instead of failing the
// insert; a message the database refuses for good is answered 554 once, not 451 forever; a
// database that is down for now is answered 451, and the sender's retry is stored.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { connectSmtp, refusalOf, smtpFrom } from "../../test-support/smtp-client";
import { inject } from "../../test-support/social";
import { startTcpProxy, type TcpProxy } from "../../test-support/tcp-proxy";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ann = await createAccount(t, { fullName: "Ann" });
});
afterAll(async () => {
  await t.close();
});

const addressOf = (who: TestAccount) => `${who.handle}@chtcht.local`;
const externalThread = async (app: TestApp, who: TestAccount, address: string) =>
  ((await inject(app, who, "GET", "/api/mail/threads")).json().items as ThreadView[]).find(
    (th) => th.other.kind === "external" && th.other.address === address,
  );
const messagesFrom = async (app: TestApp, who: TestAccount, address: string) => {
  const thread = await externalThread(app, who, address);
  if (!thread) return [];
  const res = await inject(app, who, "GET", `/api/mail/threads/${thread.id}/messages`);
  return res.json().items as MessageView[];
};
const storedWithBody = async (app: TestApp, body: string) =>
  (
    await queryRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from chat_messages where body = ${body}`,
    )
  )[0]?.n;
const send = (app: TestApp, to: string, from: string, raw: string) =>
  smtpFrom(app.app.inboundSmtp.port).sendMail({ envelope: { from, to: [to] }, raw });

describe("control characters in inbound mail", () => {
  it("takes a raw NUL out of the subject, body, sender and ids, and stores the rest", async () => {
    const raw = [
      '"Nul\0 Sender" <nul@outside.example>',
      `To: ${addressOf(ann)}`,
      "Subject: Hello\0 there\x07",
      "Message-ID: <nul\0id@outside.example>",
      "References: <ref\0@outside.example>",
      "",
      "Body with a \0 NUL byte and an escape \x1b[31m, tabs\tstay",
      "",
    ]
      .join("\r\n")
      .replace(/^/, "From: ");
    const refusal = await refusalOf(send(t, addressOf(ann), "nul@outside.example", raw));
    expect(refusal).toBeNull();
    const [message] = await messagesFrom(t, ann, "nul@outside.example");
    expect(message).toMatchObject({
      subject: "Hello there",
      body: "Body with a  NUL byte and an escape [31m, tabs\tstay",
      senderAddress: "nul@outside.example",
    });
    const [row] = await queryRows<{ message_id: string }>(
      t.database.db,
      sql`select message_id from chat_messages where id = ${message?.id}`,
    );
    expect(row?.message_id).toBe("nulid@outside.example");
  });

  it("takes out a quoted-printable =00 in an encoded subject and in the body", async () => {
    const raw = [
      "From: qp@outside.example",
      `To: ${addressOf(ann)}`,
      "Subject: =?UTF-8?Q?Quoted=00_printable=0B?=",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Line with =00 a NUL=0Band a vertical tab, caf=C3=A9",
      "",
    ].join("\r\n");
    expect(await refusalOf(send(t, addressOf(ann), "qp@outside.example", raw))).toBeNull();
    const [message] = await messagesFrom(t, ann, "qp@outside.example");
    expect(message).toMatchObject({
      subject: "Quoted printable",
      body: "Line with  a NULand a vertical tab, café",
    });
  });
});

const plain = (from: string, to: string, body: string) =>
  [`From: ${from}`, `To: ${to}`, "Subject: Storage", "", body, ""].join("\r\n");

describe("a message that cannot be stored", () => {
  it("is refused with 554 when the database refuses it for good, on every try", async () => {
    const body = "The database refuses this body";
    await t.database.db.execute(
      sql.raw(`alter table chat_messages add constraint test_refused check (body <> '${body}')`),
    );
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const refusal = await refusalOf(
          send(
            t,
            addressOf(ann),
            "never@outside.example",
            plain("never@outside.example", addressOf(ann), body),
          ),
        );
        expect(refusal?.responseCode).toBe(554);
        expect(refusal?.response).toContain("5.6.0");
      }
      expect(await storedWithBody(t, body)).toBe(0);
    } finally {
      await t.database.db.execute(sql`alter table chat_messages drop constraint test_refused`);
    }
  });

  it("is answered 451 while the database reports a passing failure, and the retry is stored once", async () => {
    const body = "Held up for now";
    // A deadlock report (SQLSTATE 40P01) for this one message: a failure that passes.
    await t.database.db.execute(
      sql.raw(`create function test_held_up() returns trigger language plpgsql as $$
        begin raise exception 'deadlock detected (test)' using errcode = '40P01'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger test_held_up before insert on chat_messages for each row
        when (new.body = '${body}') execute function test_held_up()`),
    );
    const message = plain("later@outside.example", addressOf(ann), body);
    try {
      const refusal = await refusalOf(send(t, addressOf(ann), "later@outside.example", message));
      expect(refusal?.responseCode).toBe(451);
      expect(refusal?.response).toContain("4.3.0");
      expect(await storedWithBody(t, body)).toBe(0);
    } finally {
      await t.database.db.execute(sql`drop trigger test_held_up on chat_messages`);
      await t.database.db.execute(sql`drop function test_held_up`);
    }
    expect(await refusalOf(send(t, addressOf(ann), "later@outside.example", message))).toBeNull();
    expect(await storedWithBody(t, body)).toBe(1);
  });
});

describe("a message to several people", () => {
  it("stores every copy or none: a passing failure at the second leaves no first copy to repeat", async () => {
    const cy = await createAccount(t, { fullName: "Cy" });
    const body = "For Ann and Cy alike";
    // Fails the second copy of this body only: the first copy is visible in its own transaction.
    await t.database.db.execute(
      sql.raw(`create function test_second_copy() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from chat_messages where body = new.body) then
            raise exception 'deadlock detected (test)' using errcode = '40P01';
          end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger test_second_copy before insert on chat_messages for each row
        when (new.body = '${body}') execute function test_second_copy()`),
    );
    const from = "both@outside.example";
    const to = [addressOf(ann), addressOf(cy)];
    const raw = [`From: ${from}`, `To: ${to.join(", ")}`, "Subject: Both", "", body, ""].join(
      "\r\n",
    );
    const sendBoth = () =>
      smtpFrom(t.app.inboundSmtp.port).sendMail({ envelope: { from, to }, raw });
    try {
      expect((await refusalOf(sendBoth()))?.responseCode).toBe(451);
      expect(await storedWithBody(t, body)).toBe(0);
    } finally {
      await t.database.db.execute(sql`drop trigger test_second_copy on chat_messages`);
      await t.database.db.execute(sql`drop function test_second_copy`);
    }
    expect(await refusalOf(sendBoth())).toBeNull();
    expect(await storedWithBody(t, body)).toBe(2);
    expect(await messagesFrom(t, ann, from)).toHaveLength(1);
    expect(await messagesFrom(t, cy, from)).toHaveLength(1);
  });
});

// PostgreSQL only: its connection goes through a proxy the test can cut (PGlite is in-process).
describe.runIf(process.env.TEST_DATABASE_URL)("with PostgreSQL unreachable", () => {
  let proxy: TcpProxy;
  let u: TestApp;
  let bo: TestAccount;
  beforeAll(async () => {
    const server = new URL(process.env.TEST_DATABASE_URL as string);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const viaProxy = new URL(server);
    viaProxy.port = String(proxy.port);
    const saved = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = viaProxy.toString();
    try {
      u = await createTestApp();
    } finally {
      process.env.TEST_DATABASE_URL = saved;
    }
    bo = await createAccount(u, { fullName: "Bo" });
  });
  afterAll(async () => {
    await u?.close();
    await proxy?.stop();
  });

  it("answers 451 at RCPT and at the end of DATA, and stores the sender's retry", async () => {
    const from = "patient@outside.example";
    const body = "Delivered once the database is back";
    const client = await connectSmtp(u.app.inboundSmtp.port);
    expect(await client.command("EHLO outside.example")).toMatch(/^250/);
    expect(await client.command(`MAIL FROM:<${from}>`)).toMatch(/^250/);
    expect(await client.command(`RCPT TO:<${addressOf(bo)}>`)).toMatch(/^250/);
    await proxy.stop();
    try {
      expect(await client.command("DATA")).toMatch(/^354/);
      const reply = await client.command(`${plain(from, addressOf(bo), body)}.`);
      expect(reply).toMatch(/^451 4\.3\.0/);
      client.close();
      // A new try while it is still down is put off at RCPT already.
      const refusal = await refusalOf(
        send(u, addressOf(bo), from, plain(from, addressOf(bo), body)),
      );
      expect(refusal?.responseCode).toBe(451);
    } finally {
      await proxy.start();
    }
    expect(
      await refusalOf(send(u, addressOf(bo), from, plain(from, addressOf(bo), body))),
    ).toBeNull();
    expect(await storedWithBody(u, body)).toBe(1);
  });
});
