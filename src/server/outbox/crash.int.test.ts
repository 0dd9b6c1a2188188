// Fault injection (docs/outbox.md "Crashes"): the real server process is killed with SIGKILL at
// random moments while a username purchase, a message, a moderation action and an inbound SMTP
// delivery are in flight, 12 times, and restarted on the same database each time. A message whose
// answer was lost is sent again after the restart with the same Idempotency-Key, and a delivery
// that got no 250 is made again with the same Message-ID, as a client and a sending server do
// (docs/mail.md "Sending once", "Inbound"). Then: every acknowledged change is there; each message
// and each delivery is stored exactly once; every change that committed (acknowledged or not) has
// its e-mail exactly once (captured mail is one file per Message-ID) and its realtime event at
// least once (read from the Redis stream the instance appends every event to); no outbox row is
// left.
// A second test kills the server during a burst of messages to a person with a subscribed browser
// (docs/notifications.md "Push"): every message that committed reaches the push service after the
// restart, repeated only where the outbox's at-least-once allows.
// Runs on the embedded database, and on PostgreSQL in the PostgreSQL pass.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, fromPglite, fromPostgres, pgliteExtensions, queryRows } from "../db/client";
import { EVENT_STREAM } from "../realtime/bus";
import {
  type ChildAccount,
  type ChildServer,
  freePort,
  requester,
  signUp,
  startServer,
  stopServer,
} from "../test-support/child-server";
import { type DnsServer, startDnsServer } from "../test-support/dns-server";
import { redisReachable, testRedisUrl } from "../test-support/local-services";
import { makeOutboxDue } from "../test-support/outbox-rows";
import { startPushService } from "../test-support/push-service";
import { random } from "../test-support/random";
import { connectSmtp, smtpFrom } from "../test-support/smtp-client";
import { createPostgresDatabase } from "../test-support/test-db";

const redisUrl = testRedisUrl;
const pgServer = process.env.TEST_DATABASE_URL;
const LIVES = 12;
const ADMIN = `crash.admin.${Date.now()}@example.com`;
const METRICS_TOKEN = "crash-test-metrics-token";

const skip = !(await redisReachable());
if (skip) console.warn(`crash test skipped: Redis is not reachable at ${redisUrl}`);

interface Cast {
  buyer: ChildAccount;
  sender: ChildAccount;
  recipient: ChildAccount;
  target: ChildAccount;
}

interface Acknowledged {
  names: { buyer: ChildAccount; name: string }[];
  messages: { id: string; recipient: ChildAccount }[];
  suspended: ChildAccount[];
  /** Inbound deliveries answered 250. */
  delivered: number;
}

/** A message sent from the external composer, with its Idempotency-Key. */
interface Send {
  sender: ChildAccount;
  recipient: ChildAccount;
  key: string;
  payload: { to: string; subject: string; body: string };
}

/** Mail from outside to a person, with its Message-ID. */
interface Delivery {
  to: string;
  from: string;
  messageId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Captured mail by recipient and subject: one file is one distinct message. */
function mailsTo(dataDir: string, email: string, subjectStart: string): number {
  const dir = path.join(dataDir, "mail");
  return readdirSync(dir)
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .filter(
      (raw) =>
        raw.match(/^To: (.*)$/m)?.[1]?.includes(email) &&
        raw.match(/^Subject: (.*)$/m)?.[1]?.startsWith(subjectStart),
    ).length;
}

describe.skipIf(skip)("kill -9 during a purchase, a message, moderation and inbound mail", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-crash-"));
  type Announced = { type: string; userId?: string; message?: { id: string } };
  let reader: Redis;
  /** The stream's events since the test began (other tests' too: each check names its ids). */
  let since: string;
  const announced = async (): Promise<Announced[]> =>
    ((await reader.xrange(EVENT_STREAM, since, "+")) as [string, string[]][]).map(
      ([, fields]) => JSON.parse(fields[1] as string) as Announced,
    );
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let server: ChildServer;
  let dns: DnsServer;
  let smtpPort: number;
  let start: () => Promise<ChildServer>;
  /** The instance's database, opened by the test while no instance runs. */
  let openDatabase: () => Promise<Database>;

  beforeAll(async () => {
    reader = new Redis(redisUrl);
    since = `${Date.now()}-0`;
    postgres = pgServer ? await createPostgresDatabase(pgServer) : null;
    // Inbound mail's authenticity checks ask this server (no records: DMARC none, accepted).
    dns = await startDnsServer({});
    const port = await freePort();
    smtpPort = await freePort();
    const env = {
      REDIS_URL: redisUrl,
      ADMIN_EMAILS: ADMIN,
      METRICS_TOKEN,
      SMTP_INBOUND_PORT: String(smtpPort),
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    start = () => startServer({ port, dataDir, env });
    openDatabase = async () =>
      postgres
        ? fromPostgres(postgres.url, 1)
        : fromPglite(
            await PGlite.create(path.join(dataDir, "db"), { extensions: pgliteExtensions() }),
          );
    server = await start();
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServer(server, "SIGKILL");
    reader?.disconnect();
    await dns?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("keeps every acknowledged change, stores each message once, mails each committed change once and announces it", async () => {
    const admin = await signUp(server, "crashadmin", ADMIN);
    const casts: Cast[] = [];
    for (let i = 0; i < LIVES; i++) {
      const [buyer, sender, recipient, target] = await Promise.all(
        ["buyer", "sender", "recipient", "target"].map((role) => signUp(server, `c${i}${role}`)),
      );
      casts.push({ buyer, sender, recipient, target } as Cast);
    }
    const acked: Acknowledged = { names: [], messages: [], suspended: [], delivered: 0 };
    // What got no answer before a kill, sent again after the restart.
    const unanswered: { sends: Send[]; deliveries: Delivery[] } = { sends: [], deliveries: [] };
    const retried = { sends: 0, replayed: 0, deliveries: 0, deduplicated: 0 };
    const sendOnce = async (send: Send, ip: string) => {
      const sent = await requester(server, { cookie: send.sender.cookie, ip })(
        "POST",
        "/api/mail/send",
        send.payload,
        { "idempotency-key": send.key },
      ).catch(() => null);
      if (sent?.status !== 201) return false;
      // The first try had committed and only its answer was lost: this is its kept answer.
      if (sent.headers.get("idempotent-replayed") === "true") retried.replayed++;
      const { message: view } = (await sent.json()) as { message: { id: string } };
      acked.messages.push({ id: view.id, recipient: send.recipient });
      return true;
    };
    /** The server's answer to the delivery, or null when none came. */
    const deliver = (mail: Delivery): Promise<string | null> =>
      smtpFrom(smtpPort)
        .sendMail({
          from: mail.from,
          to: mail.to,
          subject: "From outside",
          text: `Mail ${mail.messageId}`,
          messageId: `<${mail.messageId}>`,
        })
        .then(
          (sent) => sent.response,
          () => null,
        );
    const retryUnanswered = async () => {
      for (const send of unanswered.sends.splice(0)) {
        expect(await sendOnce(send, "10.9.200.1")).toBe(true);
        retried.sends++;
      }
      for (const mail of unanswered.deliveries.splice(0)) {
        const answer = await deliver(mail);
        expect(answer).toMatch(/^250 /);
        // The first try had been stored and only its 250 was lost.
        if (answer?.includes("already received")) retried.deduplicated++;
        acked.delivered++;
        retried.deliveries++;
      }
    };
    const next = random(23);
    // Kills land anywhere from before the first statement to after the last answer: the window
    // is 1.5 times the longest the four took when they were let finish (a first, uncounted round,
    // then every round that finished before its kill). Every counted round runs on a server just
    // started, so the uncounted one does too: a cold start is slower than a warm one.
    const warmUp = await warmUpCast(server);
    await stopServer(server, "SIGKILL");
    server = await start();
    let windowMs = 0;
    let cutShort = 0;
    for (let i = -1; i < LIVES; i++) {
      const cast = (i < 0 ? warmUp : casts[i]) as Cast;
      const as = (who: ChildAccount) =>
        requester(server, { cookie: who.cookie, ip: `10.9.${i}.1` });
      const name = i < 0 ? "warmup" : `crash${i}`;
      const purchase = async () => {
        const checkout = await as(cast.buyer)("POST", "/api/usernames/checkout", { name });
        if (checkout.status !== 200) return;
        const id = ((await checkout.json()) as { url: string }).url.split("/").at(-1);
        const paid = await as(cast.buyer)("POST", `/api/payments/test/checkouts/${id}/pay`, {
          outcome: "paid",
        });
        if (paid.status === 200) acked.names.push({ buyer: cast.buyer, name });
      };
      const send: Send = {
        sender: cast.sender,
        recipient: cast.recipient,
        key: `crash-send-${i}`,
        payload: {
          to: `${cast.recipient.handle}@chtcht.local`,
          subject: `Crash ${i}`,
          body: `Message ${i} before the crash`,
        },
      };
      const message = async () => {
        if (!(await sendOnce(send, `10.9.${i}.1`))) unanswered.sends.push(send);
      };
      const mail: Delivery = {
        to: `${cast.recipient.handle}@chtcht.local`,
        from: `pal${i}@outside.example`,
        messageId: `crash-${i}@outside.example`,
      };
      const inbound = async () => {
        if (await deliver(mail)) acked.delivered++;
        else unanswered.deliveries.push(mail);
      };
      const moderation = async () => {
        const done = await as(admin)("POST", "/api/admin/actions", {
          targetType: "profile",
          targetId: cast.target.id,
          action: "suspend",
          rule: "spam",
          reason: "Crash test",
        });
        if (done.status === 200) acked.suspended.push(cast.target);
      };
      const began = Date.now();
      const inFlight = Promise.allSettled([purchase(), message(), moderation(), inbound()]).then(
        () => {
          windowMs = Math.max(windowMs, (Date.now() - began) * 1.5);
        },
      );
      if (i < 0) {
        await inFlight;
        continue;
      }
      const before = ackCount(acked);
      await sleep(Math.floor(next() * windowMs));
      await stopServer(server, "SIGKILL");
      await inFlight;
      if (ackCount(acked) - before < 4) cutShort++;
      server = await start();
      await retryUnanswered();
    }
    // A last round not left to chance: the instance is killed once a message and an inbound
    // mail are stored, whatever became of their answers, which the client and the sending
    // server never read; both send them again to the next instance.
    const last = await lastCast(server);
    const lastSend: Send = {
      sender: last.sender,
      recipient: last.recipient,
      key: "crash-send-last",
      payload: {
        to: `${last.recipient.handle}@chtcht.local`,
        subject: "Crash last",
        body: "The last message before the crash",
      },
    };
    const lastMail: Delivery = {
      to: `${last.recipient.handle}@chtcht.local`,
      from: "pal-last@outside.example",
      messageId: "crash-last@outside.example",
    };
    void requester(server, { cookie: last.sender.cookie, ip: "10.9.100.1" })(
      "POST",
      "/api/mail/send",
      lastSend.payload,
      { "idempotency-key": lastSend.key },
    ).catch(() => null);
    const smtp = await connectSmtp(smtpPort);
    await smtp.command("EHLO crash.example");
    await smtp.command(`MAIL FROM:<${lastMail.from}>`);
    await smtp.command(`RCPT TO:<${lastMail.to}>`);
    await smtp.command("DATA");
    smtp.write(
      `From: ${lastMail.from}\r\nSubject: From outside\r\nMessage-ID: <${lastMail.messageId}>\r\n\r\nThe last mail\r\n.\r\n`,
    );
    await bothStored(server, last.recipient, lastMail.from, lastSend.payload.body);
    await stopServer(server, "SIGKILL");
    smtp.close();
    server = await start();
    unanswered.sends.push(lastSend);
    unanswered.deliveries.push(lastMail);
    const before = { ...retried };
    await retryUnanswered();
    expect(retried.replayed - before.replayed).toBe(1);
    expect(retried.deduplicated - before.deduplicated).toBe(1);

    // What a killed instance had claimed waits out its 30 s lease, events left behind their 15 s
    // grace (docs/outbox.md). Rather than wait, the clock moves past them: every row is made due,
    // and the next instance's first drain sends them.
    await stopServer(server, "SIGTERM");
    const paused = await openDatabase();
    await makeOutboxDue(paused.db);
    await paused.close();
    server = await start();
    await outboxEmptied(server);
    const events = await announced();
    const seen = (predicate: (e: Announced) => boolean) => events.some(predicate);
    await stopServer(server, "SIGTERM");

    const database = await openDatabase();
    try {
      const db = database.db;
      const names = await queryRows<{ user_id: string; name: string }>(
        db,
        sql`select user_id, name from username_subscriptions where status = 'active'`,
      );
      const messages = await queryRows<{
        id: string;
        thread_id: string;
        body: string;
        message_id: string | null;
      }>(db, sql`select id, thread_id, body, message_id from chat_messages`);
      const suspended = await queryRows<{ user_id: string }>(
        db,
        sql`select user_id from profiles where suspended_at is not null`,
      );
      const left = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from outbox`);

      for (const { buyer, name } of acked.names) {
        expect(names).toContainEqual({ user_id: buyer.id, name });
      }
      for (const { id } of acked.messages) expect(messages.map((m) => m.id)).toContain(id);
      // Each round's message and its inbound mail, answered at last, are stored exactly once.
      for (let i = 0; i < LIVES; i++) {
        expect(messages.filter((m) => m.body === `Message ${i} before the crash`)).toHaveLength(1);
        expect(messages.filter((m) => m.message_id === `crash-${i}@outside.example`)).toHaveLength(
          1,
        );
      }
      for (const person of acked.suspended) {
        expect(suspended.map((s) => s.user_id)).toContain(person.id);
      }
      expect(messages.filter((m) => m.body === "The last message before the crash")).toHaveLength(
        1,
      );
      expect(messages.filter((m) => m.message_id === "crash-last@outside.example")).toHaveLength(1);
      expect(mailsTo(dataDir, last.recipient.email, "New message from")).toBe(1);
      for (const cast of casts) {
        const owns = names.some((n) => n.user_id === cast.buyer.id);
        expect(mailsTo(dataDir, cast.buyer.email, "Receipt:")).toBe(owns ? 1 : 0);
        const got = messages.length > 0 && (await threadWith(db, cast.recipient.id)) > 0;
        expect(mailsTo(dataDir, cast.recipient.email, "New message from")).toBe(got ? 1 : 0);
        const isSuspended = suspended.some((s) => s.user_id === cast.target.id);
        expect(mailsTo(dataDir, cast.target.email, "A moderator reviewed")).toBe(
          isSuspended ? 1 : 0,
        );
        if (isSuspended) {
          expect(seen((e) => e.type === "account.suspended" && e.userId === cast.target.id)).toBe(
            true,
          );
        }
        if (owns) {
          expect(seen((e) => e.type === "profile.changed" && e.userId === cast.buyer.id)).toBe(
            true,
          );
        }
      }
      for (const { id } of messages) expect(seen((e) => e.message?.id === id)).toBe(true);
      expect(left[0]?.n).toBe(0);
      console.info(
        `crash test: ${LIVES} kills, ${cutShort} cut work short; acknowledged ${acked.names.length} purchases, ${acked.messages.length} messages, ${acked.suspended.length} suspensions, ${acked.delivered} deliveries; sent again after a lost answer ${retried.sends} messages (${retried.replayed} stored before the kill), ${retried.deliveries} deliveries (${retried.deduplicated} stored before the kill); committed ${names.length} names, ${messages.length} messages, ${suspended.length} suspensions`,
      );
      // The kills did land inside the work: some rounds were cut off before every answer came.
      expect(cutShort).toBeGreaterThan(0);
      expect(ackCount(acked)).toBeGreaterThan(3);
    } finally {
      await database.close();
    }
  }, 900_000);
});

describe("kill -9 during a burst of pushed messages", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-push-crash-"));
  const BURST = 60;
  /** Messages in flight at once during the burst. */
  const SENDERS = 6;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let server: ChildServer;
  let start: () => Promise<ChildServer>;
  let openDatabase: () => Promise<Database>;

  beforeAll(async () => {
    // A slow push service, so pushes are still waiting when the kill comes, on PostgreSQL too.
    service = await startPushService({ takesMs: 200 });
    postgres = pgServer ? await createPostgresDatabase(pgServer) : null;
    const port = await freePort();
    const env = {
      METRICS_TOKEN,
      PUSH_ALLOW_PRIVATE: "127.0.0.1",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    start = () => startServer({ port, dataDir, env });
    openDatabase = async () =>
      postgres
        ? fromPostgres(postgres.url, 1)
        : fromPglite(
            await PGlite.create(path.join(dataDir, "db"), { extensions: pgliteExtensions() }),
          );
    server = await start();
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServer(server, "SIGKILL");
    await service?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("pushes every message that committed, once or, for a row in flight at the kill, twice", async () => {
    const [ann, bo] = (await Promise.all([
      signUp(server, "pushann"),
      signUp(server, "pushbo"),
    ])) as [ChildAccount, ChildAccount];
    const asBo = requester(server, { cookie: bo.cookie, ip: "10.8.0.2" });
    const { publicKey } = (await (await asBo("GET", "/api/push/key")).json()) as {
      publicKey: string;
    };
    const { clientHash, ...browser } = await service.subscribe(publicKey);
    const subscribed = await asBo("POST", "/api/push/subscriptions", browser);
    expect(subscribed.status, await subscribed.text()).toBe(201);
    // Previews on: each push carries its message's words, so each is matched to its message.
    expect(
      (await asBo("PATCH", "/api/account/notifications", { messagePreviews: true })).status,
    ).toBe(200);
    const pushed = async () =>
      (await service.received(clientHash)).map(
        (text) => (JSON.parse(text) as { body: string }).body.split(": ")[1],
      );

    // Senders send the burst side by side; the instance is killed once some acknowledged
    // messages have not reached the push service yet, or, at the latest, near the burst's end.
    let next = 0;
    let acknowledged = 0;
    let killed = false;
    const send = async () => {
      for (let i = next++; i < BURST && !killed; i = next++) {
        const sent = await requester(server, { cookie: ann.cookie, ip: `10.8.${i}.1` })(
          "POST",
          "/api/mail/send",
          { to: `${bo.handle}@chtcht.local`, subject: null, body: `Burst ${i}` },
          { "idempotency-key": `push-burst-${i}` },
        ).catch(() => null);
        if (sent?.status === 201) acknowledged++;
      }
    };
    const burst = Promise.all(Array.from({ length: SENDERS }, send));
    let behind = 0;
    while (acknowledged < BURST * 0.8) {
      behind = acknowledged - (await pushed()).length;
      if (acknowledged >= BURST / 4 && behind >= 3) break;
      await sleep(5);
    }
    killed = true;
    await stopServer(server, "SIGKILL");
    await burst;

    // Rows the killed instance had claimed wait out their 30 s lease: the clock moves past it
    // (as in the test above), and the next instance's worker sends them.
    const paused = await openDatabase();
    await makeOutboxDue(paused.db);
    await paused.close();
    server = await start();
    await outboxEmptied(server);
    await stopServer(server, "SIGTERM");

    const database = await openDatabase();
    try {
      const committed = (
        await queryRows<{ body: string }>(
          database.db,
          sql`select body from chat_messages where body like 'Burst %'`,
        )
      ).map((m) => m.body);
      const bodies = await pushed();
      const times = (body: string) => bodies.filter((b) => b === body).length;
      console.info(
        `push crash test: killed with ${acknowledged} of ${BURST} acknowledged, ${behind} not yet pushed; ${committed.length} committed, ${bodies.length} pushes`,
      );
      expect(behind).toBeGreaterThan(0);
      expect(committed.length).toBeGreaterThanOrEqual(acknowledged);
      // None lost: every committed message reached the push service.
      for (const body of committed) expect(times(body)).toBeGreaterThanOrEqual(1);
      // Nothing pushed that did not commit.
      for (const body of bodies) expect(committed).toContain(body);
      // At least once: a push is sent again only when the kill came after the push service took
      // it and before its row was deleted, so only the rows the worker's claims hold (six of 10,
      // docs/outbox.md "Delivering") may repeat, once.
      for (const body of committed) expect(times(body)).toBeLessThanOrEqual(2);
      expect(bodies.length - committed.length).toBeLessThanOrEqual(60);
    } finally {
      await database.close();
    }
  }, 300_000);
});

const ackCount = (acked: Acknowledged) =>
  acked.names.length + acked.messages.length + acked.suspended.length + acked.delivered;

/** A sender and a recipient for the last round. */
async function lastCast(server: ChildServer) {
  const [sender, recipient] = await Promise.all(
    ["sender", "recipient"].map((role) => signUp(server, `last${role}`)),
  );
  return { sender: sender as ChildAccount, recipient: recipient as ChildAccount };
}

/** Waits (up to 10 s) until `recipient` has the mail from `address` and the message `body`. */
async function bothStored(
  server: ChildServer,
  recipient: ChildAccount,
  address: string,
  body: string,
): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const res = await requester(server, { cookie: recipient.cookie, ip: "10.9.100.2" })(
      "GET",
      "/api/mail/threads",
    );
    const { items } = (await res.json()) as {
      items: { other: { address?: string }; latestMessage: { body: string } | null }[];
    };
    const mail = items.some((t) => t.other.address === address && t.latestMessage);
    if (mail && items.some((t) => t.latestMessage?.body === body)) return;
    await sleep(10);
  }
  throw new Error("the last round's message and mail were not stored within 10 s");
}

/** People for the uncounted first round, which measures how long the work takes. */
async function warmUpCast(server: ChildServer): Promise<Cast> {
  const [buyer, sender, recipient, target] = await Promise.all(
    ["buyer", "sender", "recipient", "target"].map((role) => signUp(server, `warm${role}`)),
  );
  return { buyer, sender, recipient, target } as Cast;
}

/** Waits (up to 30 s) until the instance's /metrics shows no outbox row pending. */
async function outboxEmptied(server: ChildServer): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const pending = (await metrics.text()).match(
      /^chtcht_outbox_messages\{state="pending"\} (\d+)$/m,
    );
    if (pending?.[1] === "0") return;
    await sleep(100);
  }
  throw new Error("the outbox still holds pending rows 30 s after the last start");
}

/** Messages from people stored in threads this person is a member of (inbound mail is no
 * person's message and has no notice). */
async function threadWith(db: Database["db"], userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from chat_messages m
        join chat_thread_members t on t.thread_id = m.thread_id and t.user_id = ${userId}
        where m.direction = 'internal'`,
  );
  return row?.n ?? 0;
}
