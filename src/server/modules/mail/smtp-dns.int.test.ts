// Inbound mail's DNS policy (docs/mail.md "Authenticity", "DNS"), over real SMTP: DMARC p=reject
// refused and p=quarantine marked; a DMARC policy DNS cannot read now answered 451 so the sender
// retries; heavily spoofed domains (paypal.com, …) taken only when DMARC passes, never stored
// unmarked because DNS failed; and DNS_SERVERS proven against a real DNS server on UDP.
import { generateKeyPairSync } from "node:crypto";
import { createSocket } from "node:dgram";
import { sql } from "drizzle-orm";
import { dkimSign } from "mailauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, ThreadView } from "../../../domain/contracts/mail";
import { queryRows } from "../../db/client";
import type { DnsResolver } from "../../infra/dns-resolver";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { fakeDns } from "../../test-support/dns";
import { type DnsServer, startDnsServer } from "../../test-support/dns-server";
import { refusalOf, smtpFrom } from "../../test-support/smtp-client";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    record: `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`,
    pem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
};
const owner = keyPair();
/** A key that is not the one the domain publishes: what a forger signs with. */
const forger = keyPair();

let counter = 0;
/** A message from `from`, DKIM-signed for the From domain when a key is given. */
async function message(from: string, to: string, body: string, signWith?: string) {
  counter += 1;
  const domain = from.slice(from.indexOf("@") + 1);
  const text = [
    `From: ${from}`,
    `To: ${to}`,
    "Subject: Authenticity",
    `Message-ID: <dns-${counter}@${domain}>`,
    "Date: Mon, 23 Nov 2026 10:00:00 +0000",
    "",
    body,
    "",
  ].join("\r\n");
  if (!signWith) return text;
  const key = { signingDomain: domain, selector: "s1", privateKey: signWith };
  const { signatures } = await dkimSign(text, { ...key, signatureData: [key] });
  return signatures + text;
}

const addressOf = (who: TestAccount) => `${who.handle}@chtcht.local`;
const send = (app: TestApp, from: string, to: string, raw: string) =>
  refusalOf(smtpFrom(app.app.inboundSmtp.port).sendMail({ envelope: { from, to: [to] }, raw }));
const messagesFrom = async (app: TestApp, who: TestAccount, address: string) => {
  const threads: ThreadView[] = (await inject(app, who, "GET", "/api/mail/threads")).json().items;
  const thread = threads.find((th) => th.other.kind === "external" && th.other.address === address);
  if (!thread) return [];
  return (await inject(app, who, "GET", `/api/mail/threads/${thread.id}/messages`)).json()
    .items as MessageView[];
};
const storedFrom = async (app: TestApp, address: string) =>
  (
    await queryRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from chat_messages where sender_address = ${address}`,
    )
  )[0]?.n;

describe("the DNS policy, with a resolver stub", () => {
  const records = {
    "_dmarc.strict.example": "v=DMARC1; p=reject",
    "_dmarc.careful.example": "v=DMARC1; p=quarantine",
    "s1._domainkey.careful.example": owner.record,
    "_dmarc.paypal.com": "v=DMARC1; p=reject",
    "s1._domainkey.paypal.com": owner.record,
  };
  /** What the app's resolver asks; each test sets the DNS it needs. */
  let dns: DnsResolver = fakeDns(records);
  let t: TestApp;
  let ann: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({}, { dnsResolver: (name, type) => dns(name, type) });
    ann = await createAccount(t, { fullName: "Ann" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses a DMARC failure under p=reject and marks one under p=quarantine", async () => {
    dns = fakeDns(records);
    const to = addressOf(ann);
    const rejected = await send(
      t,
      "ceo@strict.example",
      to,
      await message("ceo@strict.example", to, "Wire money"),
    );
    expect(rejected?.responseCode).toBe(550);
    expect(rejected?.response).toContain("5.7.1 Rejected by the DMARC policy of strict.example");
    expect(await storedFrom(t, "ceo@strict.example")).toBe(0);

    const forged = await message("shy@careful.example", to, "Quarantine me", forger.pem);
    expect(await send(t, "shy@careful.example", to, forged)).toBeNull();
    expect((await messagesFrom(t, ann, "shy@careful.example"))[0]).toMatchObject({
      body: "Quarantine me",
      suspicious: true,
    });
  });

  it.each(["ESERVFAIL", "ETIMEOUT", "ECONNREFUSED"] as const)(
    "answers 451 4.4.3 when the DMARC policy cannot be read (%s), and stores nothing",
    async (code) => {
      dns = fakeDns(records, { failing: ["_dmarc.strict.example"], code });
      const to = addressOf(ann);
      const refusal = await send(
        t,
        "cfo@strict.example",
        to,
        await message("cfo@strict.example", to, "Hi"),
      );
      expect(refusal?.responseCode).toBe(451);
      expect(refusal?.response).toContain("4.4.3");
      expect(await storedFrom(t, "cfo@strict.example")).toBe(0);
    },
  );

  it("puts off a quarantine domain's signed message while its DKIM key cannot be read, then takes it unmarked", async () => {
    const to = addressOf(ann);
    const signed = await message("news@careful.example", to, "Signed news", owner.pem);
    dns = fakeDns(records, { failing: ["s1._domainkey.careful.example"] });
    const refusal = await send(t, "news@careful.example", to, signed);
    expect(refusal?.responseCode).toBe(451);
    expect(await storedFrom(t, "news@careful.example")).toBe(0);
    dns = fakeDns(records);
    expect(await send(t, "news@careful.example", to, signed)).toBeNull();
    expect((await messagesFrom(t, ann, "news@careful.example"))[0]?.suspicious).toBe(false);
  });

  it("never stores a forged paypal.com message unmarked: 451 while DNS fails, 550 otherwise", async () => {
    const to = addressOf(ann);
    const from = "service@paypal.com";
    const forged = await message(from, to, "Your account is locked", forger.pem);
    for (const code of ["ESERVFAIL", "ETIMEOUT", "ECONNREFUSED"] as const) {
      dns = fakeDns(records, { failing: ["paypal.com"], code });
      const refusal = await send(t, from, to, forged);
      expect(refusal?.responseCode).toBe(451);
      expect(refusal?.response).toContain("4.4.3");
    }
    // DNS answers: the published p=reject refuses it.
    dns = fakeDns(records);
    expect((await send(t, from, to, forged))?.responseCode).toBe(550);
    // DNS answers that paypal.com has no DMARC record: the spoofed list refuses it all the same,
    // and a subdomain with it.
    dns = fakeDns({});
    for (const sender of [from, "alerts@mail.paypal.com"]) {
      const refusal = await send(t, sender, to, await message(sender, to, "Locked", forger.pem));
      expect(refusal?.responseCode).toBe(550);
      expect(refusal?.response).toContain("accepted only when it passes DMARC");
    }
    expect(await storedFrom(t, from)).toBe(0);
    expect(await storedFrom(t, "alerts@mail.paypal.com")).toBe(0);
  });

  it("takes a paypal.com message that is really signed by paypal.com", async () => {
    dns = fakeDns(records);
    const to = addressOf(ann);
    const from = "receipts@paypal.com";
    expect(await send(t, from, to, await message(from, to, "Your receipt", owner.pem))).toBeNull();
    expect((await messagesFrom(t, ann, from))[0]).toMatchObject({
      body: "Your receipt",
      suspicious: false,
    });
  });
});

describe("DNS_SERVERS: the app's own resolver against a DNS server on UDP", () => {
  let server: DnsServer;
  let t: TestApp;
  let bo: TestAccount;
  beforeAll(async () => {
    server = await startDnsServer(
      {
        "_dmarc.strict.example": "v=DMARC1; p=reject",
        "_dmarc.signed.example": "v=DMARC1; p=reject",
        // A 2048-bit key is over 255 octets: it travels as several strings (RFC 1035 §3.3.14).
        "s1._domainkey.signed.example": owner.record,
      },
      { failing: ["_dmarc.flaky.example"] },
    );
    t = await createTestApp({ DNS_SERVERS: `127.0.0.1:${server.port}` });
    bo = await createAccount(t, { fullName: "Bo" });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it("passes, refuses and puts off mail by what that server answers", async () => {
    const to = addressOf(bo);
    const signed = await message("signer@signed.example", to, "Signed over UDP", owner.pem);
    expect(await send(t, "signer@signed.example", to, signed)).toBeNull();
    expect((await messagesFrom(t, bo, "signer@signed.example"))[0]).toMatchObject({
      body: "Signed over UDP",
      suspicious: false,
    });
    const forged = await send(
      t,
      "ceo@strict.example",
      to,
      await message("ceo@strict.example", to, "x"),
    );
    expect(forged?.responseCode).toBe(550);
    const flaky = await send(t, "a@flaky.example", to, await message("a@flaky.example", to, "x"));
    expect(flaky?.responseCode).toBe(451);
    expect(server.questions).toEqual(
      expect.arrayContaining([
        "s1._domainkey.signed.example TXT",
        "_dmarc.signed.example TXT",
        "_dmarc.strict.example TXT",
        "_dmarc.flaky.example TXT",
      ]),
    );
  });

  it("answers 451 when the configured DNS server cannot be reached", async () => {
    // A port nothing listens on: the kernel answers the query with "port unreachable".
    const probe = createSocket("udp4");
    await new Promise<void>((resolve) => probe.bind(0, "127.0.0.1", resolve));
    const closedPort = probe.address().port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const u = await createTestApp({ DNS_SERVERS: `127.0.0.1:${closedPort}` });
    try {
      const cy = await createAccount(u, { fullName: "Cy" });
      const to = addressOf(cy);
      const refusal = await send(
        u,
        "pal@outside.example",
        to,
        await message("pal@outside.example", to, "x"),
      );
      expect(refusal?.responseCode).toBe(451);
      expect(refusal?.response).toContain("4.4.3");
      expect(await storedFrom(u, "pal@outside.example")).toBe(0);
    } finally {
      await u.close();
    }
  });
});
