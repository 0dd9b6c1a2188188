// The mail domain's limits (docs/mail.md "Outbound", "Inbound"): 50 outside messages a day per
// person; at most 100 SMTP connections at once and 10 from one address, idle ones dropped; and
// STARTTLS when a certificate is configured.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { connectSmtp, smtpFrom } from "../../test-support/smtp-client";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const certDir = mkdtempSync(path.join(tmpdir(), "chtcht-tls-"));
const keyFile = path.join(certDir, "key.pem");
const certFile = path.join(certDir, "cert.pem");
// A throw-away self-signed certificate for the inbound server.
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=chtcht.local",
    "-keyout",
    keyFile,
    "-out",
    certFile,
  ],
  { stdio: "ignore" },
);

/** A short idle time, so the test can watch idle clients being dropped. */
const IDLE_SECONDS = 5;

let t: TestApp;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp({
    SMTP_TLS_KEY_FILE: keyFile,
    SMTP_TLS_CERT_FILE: certFile,
    SMTP_INBOUND_IDLE_SECONDS: String(IDLE_SECONDS),
  });
  ann = await createAccount(t, { fullName: "Ann" });
});
afterAll(async () => {
  await t.close();
  rmSync(certDir, { recursive: true, force: true });
});

const connectFrom = (localAddress: string) => connectSmtp(t.app.inboundSmtp.port, localAddress);

describe("mail limits", () => {
  it("sends at most 50 outside messages a day per person, then answers 429", async () => {
    for (let i = 0; i < 50; i++) {
      const res = await inject(t, ann, "POST", "/api/mail/send", {
        to: `friend${i % 3}@outside.example`,
        body: `note ${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const refused = await inject(t, ann, "POST", "/api/mail/send", {
      to: "friend0@outside.example",
      body: "one too many",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeTruthy();
  });

  it("gives one address 10 connections, so 50 idle ones leave room for others, and drops idle ones", async () => {
    const started = Date.now();
    const crowd = await Promise.all(Array.from({ length: 50 }, () => connectFrom("127.0.0.1")));
    const greeted = crowd.filter((c) => c.line.startsWith("220"));
    const refused = crowd.filter((c) => c.line.startsWith("421"));
    expect(greeted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]?.line).toContain("Too many connections from your address");
    // A refused connection is closed at once, so it holds nothing.
    await Promise.all(refused.map((c) => c.closedAt));

    // Meanwhile another address gets in and delivers.
    const sent = await smtpFrom(t.app.inboundSmtp.port, "127.0.0.2").sendMail({
      from: "neighbour@outside.example",
      to: `${ann.handle}@chtcht.local`,
      subject: "Still open",
      text: "got through the crowd",
    });
    expect(sent.accepted).toEqual([`${ann.handle}@chtcht.local`]);
    expect(greeted.every((c) => !c.closed())).toBe(true);
    const threads = (await inject(t, ann, "GET", "/api/mail/threads")).json().items;
    expect(threads[0]?.latestMessage?.body).toBe("got through the crowd");

    // The idle ten never said a word: each is dropped with a 421 after the idle time.
    const closedAt = await Promise.all(greeted.map((c) => c.closedAt));
    for (const at of closedAt) {
      expect(at - started).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 200);
      expect(at - started).toBeLessThan(IDLE_SECONDS * 1000 + 5000);
    }
    for (const c of greeted) expect(c.said()).toMatch(/\r\n421 .*Timeout/);
    // Their places are free again.
    const again = await connectFrom("127.0.0.1");
    again.close();
    expect(again.line).toMatch(/^220/);
  });

  it("takes at most 100 connections at once from all addresses together", async () => {
    const addresses = Array.from({ length: 20 }, (_, i) => `127.0.1.${i + 1}`);
    const open = await Promise.all(
      addresses.flatMap((address) => Array.from({ length: 5 }, () => connectFrom(address))),
    );
    expect(open.filter((c) => c.line.startsWith("220"))).toHaveLength(100);
    const extra = await connectFrom("127.0.2.1");
    expect(extra.line).toMatch(/^421 .*Too many connected clients/);
    for (const c of [...open, extra]) c.close();
    // Closed connections free their places again.
    for (let i = 0; i < 50; i++) {
      const again = await connectFrom("127.0.2.1");
      again.close();
      if (again.line.startsWith("220")) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("closed connections never freed their places");
  });

  it("offers STARTTLS with the configured certificate and takes mail over it", async () => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: t.app.inboundSmtp.port,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    const sent = await transport.sendMail({
      from: "pal@outside.example",
      to: `${ann.handle}@chtcht.local`,
      subject: "Over TLS",
      text: "encrypted hello",
    });
    expect(sent.accepted).toEqual([`${ann.handle}@chtcht.local`]);
    const threads = (await inject(t, ann, "GET", "/api/mail/threads")).json().items;
    expect(threads[0]?.latestMessage?.body).toBe("encrypted hello");
  });
});
