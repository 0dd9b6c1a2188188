// The daily digest (docs/accounts.md "E-mails from us") on an injected clock: one batched mail per
// person per day, naming the new followers and counting comments (and likes, for whoever wants
// them e-mailed: docs/notifications.md "Kinds and channels"); nothing without activity, with the
// kinds' e-mail off, or in quiet hours; one mail however many runs go at once; the unsubscribe
// headers and a one-click unsubscribe that stops the next one.
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { startSmtpSink } from "../../test-support/smtp-sink";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const HOUR = 3_600_000;
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR);

const digestsTo = (who: TestAccount) =>
  t.mailbox.all().filter((m) => m.to.includes(who.email) && m.subject.startsWith("Since"));

const like = async (who: TestAccount, postId: string) =>
  expect((await inject(t, who, "POST", `/api/posts/${postId}/like`)).statusCode).toBe(200);
const comment = async (who: TestAccount, postId: string, content: string) =>
  expect(
    (await inject(t, who, "POST", `/api/posts/${postId}/comments`, { content })).statusCode,
  ).toBe(201);
/** Turns the e-mail of each kind named on or off. */
const setEmail = async (who: TestAccount, kinds: Record<string, boolean>) => {
  const matrix = Object.fromEntries(Object.entries(kinds).map(([k, on]) => [k, { email: on }]));
  const res = await inject(t, who, "PATCH", "/api/account/notifications", { matrix });
  expect(res.statusCode, res.body).toBe(200);
};

describe("the daily digest", () => {
  it("sends one batched mail a day per person, naming the followers, and none without news", async () => {
    const [ann, bo, cy, eve] = await Promise.all([
      createAccount(t, { fullName: "Ann Lee" }),
      createAccount(t, { fullName: "Bo Park" }),
      createAccount(t, { fullName: "Cy Diaz" }),
      createAccount(t, { fullName: "Eve Moss" }),
    ]);
    await setEmail(ann, { like: true });
    const post = await publish(t, ann, "A walk by the river");
    await follow(t, bo, ann);
    await follow(t, cy, ann);
    await like(bo, post.id);
    await like(cy, post.id);
    await comment(cy, post.id, "Lovely");
    const start = new Date();

    expect(await t.app.runEmailDigest(start)).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.runEmailDigest(later(start, 1))).toEqual({ sent: 0, failed: 0 });
    const [first] = digestsTo(ann);
    expect(digestsTo(ann)).toHaveLength(1);
    const mail = await simpleParser(first?.raw ?? "");
    expect(mail.subject).toBe(
      "Since yesterday: 2 new followers, 2 likes and 1 comment on your posts",
    );
    expect(mail.text).toContain(
      "Since yesterday: 2 new followers (Cy Diaz and Bo Park), 2 likes and 1 comment on your posts.",
    );
    expect(mail.text).toContain(`- Cy Diaz: http://localhost:3000/${cy.handle}`);
    expect(mail.text).toContain(`- Bo Park: http://localhost:3000/${bo.handle}`);
    expect(mail.text).toContain("See the likes and comments: http://localhost:3000/activity");
    expect(mail.html).toContain(`<a href="http://localhost:3000/${bo.handle}">Bo Park</a>`);
    expect(mail.html).not.toContain("If you did not ask for this e-mail");
    // Those who did things were told nothing: nothing happened to them.
    for (const who of [bo, cy, eve]) expect(digestsTo(who)).toHaveLength(0);

    // New activity within the day waits for the day to pass, then comes alone.
    await follow(t, eve, ann);
    expect(await t.app.runEmailDigest(later(start, 23))).toEqual({ sent: 0, failed: 0 });
    expect(await t.app.runEmailDigest(later(start, 24.1))).toEqual({ sent: 1, failed: 0 });
    expect(digestsTo(ann).map((m) => m.subject)).toEqual([
      first?.subject,
      "Since yesterday: 1 new follower",
    ]);
    expect(await t.app.runEmailDigest(later(start, 72))).toEqual({ sent: 0, failed: 0 });
    expect(digestsTo(ann)).toHaveLength(2);
  });

  it("tells only the kinds whose e-mail is on, and nothing when none is", async () => {
    const [ann, bo, cy] = await Promise.all([
      createAccount(t, { fullName: "Ann Lee" }),
      createAccount(t, { fullName: "Bo Park" }),
      createAccount(t, { fullName: "Cy Diaz" }),
    ]);
    await setEmail(ann, { follow: false, comment: false });
    const post = await publish(t, ann, "Hello");
    await follow(t, bo, ann);
    await like(bo, post.id);
    await comment(bo, post.id, "Hi");
    const start = new Date();
    expect(await t.app.runEmailDigest(start)).toEqual({ sent: 0, failed: 0 });

    await setEmail(ann, { like: true });
    await follow(t, cy, ann);
    expect(await t.app.runEmailDigest(later(start, 1))).toEqual({ sent: 1, failed: 0 });
    expect(digestsTo(ann).map((m) => m.subject)).toEqual(["Since yesterday: 1 like on your posts"]);

    // Someone with only followers on and only likes to tell hears nothing.
    await setEmail(ann, { follow: true, like: false });
    await like(cy, post.id);
    expect(await t.app.runEmailDigest(later(start, 26))).toEqual({ sent: 0, failed: 0 });
  });

  it("tells follow requests and mentions, by default", async () => {
    const [ann, bo, cy] = await Promise.all([
      createAccount(t, { fullName: "Ann Lee" }),
      createAccount(t, { fullName: "Bo Park" }),
      createAccount(t, { fullName: "Cy Diaz" }),
    ]);
    const made = await inject(t, ann, "PUT", "/api/account/privacy", { privateAccount: true });
    expect(made.statusCode, made.body).toBe(200);
    const asked = await inject(t, bo, "POST", "/api/follows/toggle", { targetUserId: ann.userId });
    expect(asked.json().state, asked.body).toBe("requested");
    await publish(t, cy, `Say hello to @${ann.handle}`);
    expect(await t.app.runEmailDigest(new Date())).toEqual({ sent: 1, failed: 0 });
    expect(digestsTo(ann).map((m) => m.subject)).toEqual([
      "Since yesterday: 1 follow request, 1 mention",
    ]);
  });

  it("waits out the person's quiet hours, then sends", async () => {
    const [ann, bo] = await Promise.all([createAccount(t), createAccount(t)]);
    // Nine quiet hours from the next whole hour, whatever the time of day the test runs at: the
    // digest then runs within the day after the follow, as it would.
    const start = new Date();
    start.setUTCHours(start.getUTCHours() + 1, 0, 0, 0);
    const hour = (at: Date) => `${String(at.getUTCHours()).padStart(2, "0")}:00`;
    const quiet = { start: hour(start), end: hour(later(start, 9)), timeZone: "UTC" };
    await inject(t, ann, "PATCH", "/api/account/notifications", { quietHours: quiet });
    await follow(t, bo, ann);
    const night = later(start, 1);
    expect(await t.app.runEmailDigest(night)).toEqual({ sent: 0, failed: 0 });
    expect(await t.app.runEmailDigest(later(night, 7.9))).toEqual({ sent: 0, failed: 0 });
    expect(await t.app.runEmailDigest(later(night, 8))).toEqual({ sent: 1, failed: 0 });
  });

  it("tells a reply to one's comment as a reply, to someone who has no posts", async () => {
    const [ann, bo, cy] = await Promise.all([
      createAccount(t, { fullName: "Ann Lee" }),
      createAccount(t, { fullName: "Bo Park" }),
      createAccount(t, { fullName: "Cy Diaz" }),
    ]);
    const post = await publish(t, bo, "Bo's question");
    const asked = await inject(t, ann, "POST", `/api/posts/${post.id}/comments`, {
      content: "Ann's answer",
    });
    const reply = await inject(t, cy, "POST", `/api/posts/${post.id}/comments`, {
      content: "Cy agrees",
      parentCommentId: asked.json().comment.id,
    });
    expect(reply.statusCode).toBe(201);
    expect(await t.app.runEmailDigest(new Date())).toEqual({ sent: 2, failed: 0 });
    const [mail] = digestsTo(ann);
    expect(mail?.subject).toBe("Since yesterday: 1 reply to your comments");
    const parsed = await simpleParser(mail?.raw ?? "");
    expect(parsed.text).toContain("See the replies: http://localhost:3000/activity");
    expect(digestsTo(bo).map((m) => m.subject)).toEqual([
      "Since yesterday: 2 comments on your posts",
    ]);
  });

  it("sends one mail per person when several runs go at once", async () => {
    const people = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createAccount(t, { fullName: `Person ${i}` })),
    );
    const fan = await createAccount(t, { fullName: "Fan" });
    for (const who of people) await follow(t, fan, who);
    const now = new Date();
    const runs = await Promise.all(Array.from({ length: 4 }, () => t.app.runEmailDigest(now)));
    expect(runs.reduce((sum, run) => sum + (run?.sent ?? 0), 0)).toBe(4);
    for (const who of people) expect(digestsTo(who)).toHaveLength(1);
  });

  it("a digest that fails before its commit leaves no mail and no time, and the next run sends it once", async () => {
    const [ann, bo, fan] = await Promise.all([
      createAccount(t, { fullName: "Ann Lee" }),
      createAccount(t, { fullName: "Bo Park" }),
      createAccount(t, { fullName: "Fan" }),
    ]);
    await follow(t, fan, ann);
    await follow(t, fan, bo);
    // The database refuses Ann's digest time half way through her transaction, as a crash would
    // end it: her mail was already queued in it.
    await t.database.db.execute(
      sql.raw(`create function refuse_digest() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${ann.userId}' and new.digest_sent_at is not null then
            raise exception 'the database went away';
          end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql`create trigger refuse_digest before update on mail_preferences
        for each row execute function refuse_digest()`,
    );
    const start = new Date();
    expect(await t.app.runEmailDigest(start)).toEqual({ sent: 1, failed: 1 });
    expect(digestsTo(ann)).toHaveLength(0);
    expect(digestsTo(bo)).toHaveLength(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where payload->>'to' = ${ann.email}`,
    );
    expect(row?.n).toBe(0);

    await t.database.db.execute(sql`drop trigger refuse_digest on mail_preferences`);
    expect(await t.app.runEmailDigest(later(start, 0.2))).toEqual({ sent: 1, failed: 0 });
    expect(digestsTo(ann)).toHaveLength(1);
    expect(digestsTo(bo)).toHaveLength(1);
  });

  it("on the timer, runs once a period across the instances", async () => {
    const now = new Date();
    expect(await t.app.runEmailDigest(now, 600_000)).toEqual({ sent: 0, failed: 0 });
    expect(await t.app.runEmailDigest(later(now, 0.05), 600_000)).toBeNull();
    expect(await t.app.runEmailDigest(later(now, 0.2), 600_000)).toEqual({ sent: 0, failed: 0 });
  });

  it("carries the unsubscribe headers and link; one click stops the next digest", async () => {
    const [ann, bo, cy] = await Promise.all([
      createAccount(t, { fullName: "Ann Lee" }),
      createAccount(t, { fullName: "Bo Park" }),
      createAccount(t, { fullName: "Cy Diaz" }),
    ]);
    await follow(t, bo, ann);
    const start = new Date();
    await t.app.runEmailDigest(start);
    const raw = digestsTo(ann)[0]?.raw ?? "";
    const line = raw.match(/^List-Unsubscribe: (.*)$/m)?.[1];
    expect(line).toMatch(
      /^<http:\/\/localhost:3000\/settings\/unsubscribe\/digest\.[\w-]+\.[\w-]+>$/,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = new URL(line?.slice(1, -1) ?? "");
    const mail = await simpleParser(raw);
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${url.href}`);
    expect(mail.html).toContain(`href="${url.href}"`);

    const res = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    const { matrix } = (await inject(t, ann, "GET", "/api/account/notifications")).json();
    expect([matrix.follow.email, matrix.comment.email, matrix.mention.email]).toEqual([
      false,
      false,
      false,
    ]);
    expect(matrix.message.email).toBe(true);
    await follow(t, cy, ann);
    expect(await t.app.runEmailDigest(later(start, 25))).toEqual({ sent: 0, failed: 0 });
    expect(digestsTo(ann)).toHaveLength(1);
  });

  it("over SMTP, reaches the outside world with both unsubscribe headers", async () => {
    const sink = await startSmtpSink();
    const s = await createTestApp({ SMTP_URL: sink.url }, { sink });
    try {
      const [ann, bo] = await Promise.all([
        createAccount(s, { fullName: "Ann Lee" }),
        createAccount(s, { fullName: "Bo Park" }),
      ]);
      await follow(s, bo, ann);
      expect(await s.app.runEmailDigest(new Date())).toEqual({ sent: 1, failed: 0 });
      const isDigest = (m: (typeof sink.received)[number]) =>
        m.parsed.subject === "Since yesterday: 1 new follower" && m.raw.includes(ann.email);
      for (let i = 0; i < 100 && !sink.received.some(isDigest); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const digest = sink.received.find(isDigest);
      expect(digest?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      const list = digest?.parsed.headers.get("list") as { unsubscribe?: { url?: string } };
      expect(list.unsubscribe?.url).toMatch(
        /^http:\/\/localhost:3000\/settings\/unsubscribe\/digest\.[\w-]+\.[\w-]+$/,
      );
    } finally {
      await s.close();
      await sink.close();
    }
  });
});
