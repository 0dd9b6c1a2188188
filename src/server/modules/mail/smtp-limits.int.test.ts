// The mail domain's limits (docs/mail.md "Outbound", "Inbound"): 50 outside messages a day per
// person, at most 50 SMTP connections at once, and STARTTLS when a certificate is configured.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
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

let t: TestApp;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ SMTP_TLS_KEY_FILE: keyFile, SMTP_TLS_CERT_FILE: certFile });
  ann = await createAccount(t, { fullName: "Ann" });
});
afterAll(async () => {
  await t.close();
  rmSync(certDir, { recursive: true, force: true });
});

/** The first line the server says on a fresh connection (its greeting or its refusal). */
const greeting = () =>
  new Promise<{ line: string; close: () => void }>((resolve, reject) => {
    const socket = connect(t.app.inboundSmtp.port, "127.0.0.1");
    socket.once("data", (data) => resolve({ line: String(data), close: () => socket.destroy() }));
    socket.once("error", reject);
  });

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

  it("takes at most 50 SMTP connections at once", async () => {
    const open = await Promise.all(Array.from({ length: 50 }, greeting));
    expect(open.every((c) => c.line.startsWith("220"))).toBe(true);
    const extra = await greeting();
    expect(extra.line).toMatch(/^421/);
    for (const c of [...open, extra]) c.close();
    // Closed connections free their places again.
    for (let i = 0; i < 50; i++) {
      const again = await greeting();
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
