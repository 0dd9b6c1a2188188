// The mail domain's limits (docs/mail.md "Outbound", "Inbound"): 50 outside messages a day per
// person; at most 100 SMTP connections at once and 10 from one address, idle ones dropped, a
// trickle of bytes dropped by deadlines it cannot extend, and a newcomer let in past a full server
// by closing a session of the busiest address; and STARTTLS when a certificate is configured.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect as connectTcp } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect as connectTls, type TLSSocket } from "node:tls";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { type BareSmtpClient, connectSmtp, smtpFrom } from "../../test-support/smtp-client";
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

/** Ten source addresses, and how often each trickling client sends its next byte. */
const TRICKLE_ADDRESSES = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);
const TRICKLE_MS = 250;

interface Trickle {
  client: BareSmtpClient;
  /** When the server answered EHLO, so owes nothing and waits for the next line. */
  waitingSince: number;
  lastByteAt(): number;
  stop(): void;
}

/** A client that says EHLO, then sends `MAIL FROM:<a@b` and more, a byte at a time, never a line
 * end: each byte alone would restart an idle timer. */
async function trickleFrom(localAddress: string): Promise<Trickle> {
  const client = await connectFrom(localAddress);
  expect(client.line).toMatch(/^220 /);
  expect(await client.command("EHLO x")).toMatch(/^250[ -]/);
  const waitingSince = Date.now();
  const bytes = "MAIL FROM:<a@b";
  let sent = 0;
  let lastByteAt = waitingSince;
  const timer = setInterval(() => {
    client.write(bytes[sent] ?? "b");
    sent++;
    lastByteAt = Date.now();
  }, TRICKLE_MS);
  void client.closedAt.then(() => clearInterval(timer));
  return {
    client,
    waitingSince,
    lastByteAt: () => lastByteAt,
    stop: () => {
      clearInterval(timer);
      client.close();
    },
  };
}

/** Ten trickling clients from each of the ten addresses: every place of the server. When one
 * cannot start, the others are closed again. */
async function trickleEverywhere(): Promise<Trickle[]> {
  const addresses = TRICKLE_ADDRESSES.flatMap((address) => Array(10).fill(address) as string[]);
  const started = await Promise.allSettled(addresses.map(trickleFrom));
  const trickles = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    for (const trickle of trickles) trickle.stop();
    await placesFreed();
    throw failed.reason;
  }
  return trickles;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A session upgraded with STARTTLS, its replies read over TLS. */
async function startTlsFrom(localAddress: string) {
  const tcp = connectTcp({ port: t.app.inboundSmtp.port, host: "127.0.0.1", localAddress });
  let heard = "";
  const heardLine = (socket: TLSSocket | typeof tcp, code: string) =>
    new Promise<void>((resolve) => {
      const onData = (data: Buffer) => {
        heard += String(data);
        if (new RegExp(`(^|\\n)${code} [^\\n]*\\n$`).test(heard)) {
          socket.off("data", onData);
          resolve();
        }
      };
      socket.on("data", onData);
    });
  await heardLine(tcp, "220");
  tcp.write("EHLO x\r\n");
  await heardLine(tcp, "250");
  tcp.write("STARTTLS\r\n");
  await heardLine(tcp, "220");
  const tls = connectTls({ socket: tcp, rejectUnauthorized: false });
  await new Promise((resolve) => tls.once("secureConnect", resolve));
  tls.write("EHLO x\r\n");
  await heardLine(tls, "250");
  let said = "";
  tls.on("data", (data) => {
    said += String(data);
  });
  tls.on("error", () => undefined);
  const closedAt = new Promise<number>((resolve) => tls.once("close", () => resolve(Date.now())));
  return { tls, waitingSince: Date.now(), said: () => said, closedAt };
}

/** Waits until the server has seen closed connections go: a new address is greeted again. */
async function placesFreed(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const again = await connectFrom("127.0.2.99");
    again.close();
    if (again.line.startsWith("220")) return;
    await sleep(20);
  }
  throw new Error("closed connections never freed their places");
}

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

  it("takes at most 100 connections at once: a newcomer from a quieter address takes the busiest one's oldest place", async () => {
    const addresses = Array.from({ length: 20 }, (_, i) => `127.0.1.${i + 1}`);
    const open: BareSmtpClient[] = [];
    try {
      const started = await Promise.allSettled(
        addresses.flatMap((address) => Array.from({ length: 5 }, () => connectFrom(address))),
      );
      for (const s of started) if (s.status === "fulfilled") open.push(s.value);
      expect(open.filter((c) => c.line.startsWith("220"))).toHaveLength(100);
      // Its address holds five, as many as any other: no place for it.
      const level = await connectFrom("127.0.1.1");
      open.push(level);
      expect(level.line).toMatch(/^421 .*Too many connected clients/);
      // A new address holds none: the oldest session of one of the busiest addresses makes way.
      const crowd = open.slice(0, 100);
      const newcomer = await connectFrom("127.0.2.1");
      open.push(newcomer);
      expect(newcomer.line).toMatch(/^220 /);
      await Promise.race(crowd.map((c) => c.closedAt));
      const madeWay = crowd.filter((c) => c.closed());
      expect(madeWay).toHaveLength(1);
      expect(madeWay[0]?.said()).toMatch(/\r\n421 4\.7\.0 /);
    } finally {
      for (const c of open) c.close();
    }
    // Closed connections free their places again.
    await placesFreed();
  });

  it("drops each of 100 trickling connections when its line is not whole in time, although bytes keep coming", async () => {
    const trickles = await trickleEverywhere();
    try {
      await Promise.race([
        Promise.all(trickles.map((c) => c.client.closedAt)),
        sleep(IDLE_SECONDS * 1000 + 3000),
      ]);
      expect(trickles.filter((c) => !c.client.closed())).toHaveLength(0);
      for (const trickle of trickles) {
        const closedAt = await trickle.client.closedAt;
        expect(closedAt - trickle.waitingSince).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 200);
        expect(closedAt - trickle.waitingSince).toBeLessThan(IDLE_SECONDS * 1000 + 2000);
        // Bytes were still arriving when the server closed it.
        expect(closedAt - trickle.lastByteAt()).toBeLessThan(3 * TRICKLE_MS);
        expect(trickle.client.said()).toMatch(/\r\n421 .*Timeout/);
      }
    } finally {
      for (const trickle of trickles) trickle.stop();
      await placesFreed();
    }
    // Their places are free again.
    const sent = await smtpFrom(t.app.inboundSmtp.port, "127.0.0.12").sendMail({
      from: "after@outside.example",
      to: `${ann.handle}@chtcht.local`,
      text: "after the trickle",
    });
    expect(sent.accepted).toEqual([`${ann.handle}@chtcht.local`]);
  }, 30_000);

  it("lets another address deliver within a second while 100 trickling connections hold every place", async () => {
    const trickles = await trickleEverywhere();
    try {
      expect(trickles.filter((c) => c.client.closed())).toHaveLength(0);
      const began = Date.now();
      const sent = await smtpFrom(t.app.inboundSmtp.port, "127.0.0.12").sendMail({
        from: "honest@outside.example",
        to: `${ann.handle}@chtcht.local`,
        subject: "Through the trickle",
        text: "delivered while the trickle held every place",
      });
      expect(Date.now() - began).toBeLessThan(1000);
      expect(sent.accepted).toEqual([`${ann.handle}@chtcht.local`]);
      const threads = (await inject(t, ann, "GET", "/api/mail/threads")).json().items;
      expect(threads[0]?.latestMessage?.body).toBe("delivered while the trickle held every place");
      // One trickling connection made way for it, told so with a 421; the others still trickle.
      await Promise.race(trickles.map((c) => c.client.closedAt));
      const madeWay = trickles.filter((c) => c.client.closed());
      expect(madeWay).toHaveLength(1);
      expect(madeWay[0]?.client.said()).toMatch(/\r\n421 4\.7\.0 /);
      // An address still holding its ten is refused at once: the cap per address stays.
      const evictedFrom = Math.floor(trickles.indexOf(madeWay[0] as Trickle) / 10);
      const full = TRICKLE_ADDRESSES.find((_, i) => i !== evictedFrom) as string;
      const more = await connectFrom(full);
      expect(more.line).toMatch(/^421 4\.7\.0 Too many connections from your address/);
    } finally {
      for (const trickle of trickles) trickle.stop();
      await placesFreed();
    }
  }, 30_000);

  it("reads lines over STARTTLS too: whole lines keep the session, a trickle is dropped", async () => {
    const steady = await startTlsFrom("127.0.0.13");
    const trickle = await startTlsFrom("127.0.0.14");
    const noop = setInterval(() => steady.tls.write("NOOP\r\n"), 1000);
    const bytes = setInterval(() => trickle.tls.write("b"), TRICKLE_MS);
    try {
      const closedAt = await trickle.closedAt;
      expect(closedAt - trickle.waitingSince).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 200);
      expect(closedAt - trickle.waitingSince).toBeLessThan(IDLE_SECONDS * 1000 + 2000);
      expect(trickle.said()).toMatch(/^421 .*Timeout/);
      await sleep(1000);
      // Whole NOOP lines a second apart, over TLS, for longer than a line's deadline.
      expect(Date.now() - steady.waitingSince).toBeGreaterThan(IDLE_SECONDS * 1000);
      expect(steady.tls.destroyed).toBe(false);
      expect(steady.said()).toMatch(/^(250 [^\n]*\n)+$/);
    } finally {
      clearInterval(noop);
      clearInterval(bytes);
      steady.tls.destroy();
      trickle.tls.destroy();
    }
  }, 15_000);

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
