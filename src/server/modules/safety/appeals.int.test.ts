// Account standing and appeals over the real HTTP API (docs/safety.md "Account standing",
// "Appeals"): every action on the person with its state and never its moderator; one appeal per
// action (a retry answered once, a second or concurrent one 409); someone else's 404; a year-old
// action expired and closed to appeals (injected clock); approving undoes exactly (content back,
// counters equal a recount, restriction or suspension lifted, a later action left standing),
// rejecting needs a reason; either decision audited and told by notice and e-mail.
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish, quoteCounts } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { unzip } from "../../test-support/unzip";

const ADMIN = "appeals.admin@example.com";
const SECOND = "appeals.second@example.com";
let t: TestApp;
let admin: TestAccount;
let second: TestAccount;
let bystander: TestAccount;

interface StandingItem {
  id: string;
  action: string;
  state: string | null;
  rule: string | null;
  reason: string;
  content: { excerpt: string | null; href: string | null } | null;
  appeal: { id: string; status: string; decisionReason: string | null } | null;
  appealable: boolean;
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `${ADMIN},${SECOND}` });
  admin = await createAccount(t, { email: ADMIN, fullName: "Ada Admin" });
  second = await createAccount(t, { email: SECOND, fullName: "Sam Second" });
  bystander = await createAccount(t, { label: "bystander" });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const act = async (body: object, who = admin) => {
  const res = await inject(t, who, "POST", "/api/admin/actions", body);
  expect(res.statusCode, res.body).toBe(200);
};
const standing = async (who: TestAccount) => {
  const res = await inject(t, who, "GET", "/api/safety/standing/actions");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { activeCount: number; items: StandingItem[] };
};
const newest = async (who: TestAccount) => {
  const item = (await standing(who)).items[0];
  if (!item) throw new Error("no action on the person");
  return item;
};
const appeal = (who: TestAccount, actionId: string, text: string, key?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/safety/actions/${actionId}/appeal`,
    payload: { text },
    headers: { cookie: who.cookie, ...(key ? { "idempotency-key": key } : {}) },
  });
const appealOk = async (who: TestAccount, actionId: string, text = "I did nothing wrong") => {
  const res = await appeal(who, actionId, text);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appeal as { id: string; status: string };
};
const decide = (who: TestAccount, id: string, body: object) =>
  inject(t, who, "POST", `/api/admin/appeals/${id}/decision`, body);
const lastNotice = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/safety/standing")).json().notices.at(-1)?.text as string;
const actionRow = async (id: string) => {
  const [row] = await queryRows<{ reversed_at: Date | null }>(
    t.database.db,
    sql`select reversed_at from moderation_actions where id = ${id}`,
  );
  return row;
};

describe("account standing", () => {
  it("lists every action on the person, with what, the rule, the note and its state", async () => {
    const person = await createAccount(t, { label: "listed" });
    expect(await standing(person)).toEqual({ activeCount: 0, items: [] });
    const post = await publish(t, person, "A post a moderator will remove");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "harassment",
      reason: "Insulting another member",
    });
    await act({
      targetType: "profile",
      targetId: person.userId,
      action: "restrict",
      rule: "spam",
      reason: "Posting the same link",
      days: 2,
    });
    await act({
      targetType: "profile",
      targetId: person.userId,
      action: "restore",
      reason: "Lifted early",
    });
    const res = await inject(t, person, "GET", "/api/safety/standing/actions");
    const { activeCount, items } = res.json() as { activeCount: number; items: StandingItem[] };
    expect(items.map((i) => [i.action, i.state, i.appealable])).toEqual([
      ["restore", null, false],
      ["restrict", "lifted", false],
      ["remove", "active", true],
    ]);
    expect(activeCount).toBe(1);
    expect(items[2]).toMatchObject({
      rule: "harassment",
      reason: "Insulting another member",
      content: { excerpt: "A post a moderator will remove", href: null },
      appeal: null,
    });
    expect(items[1]).toMatchObject({ rule: "spam", content: null });
    // The moderator is never named to the person.
    expect(res.body).not.toContain(admin.userId);
    expect(res.body).not.toContain(admin.handle);
    expect((await inject(t, null, "GET", "/api/safety/standing/actions")).statusCode).toBe(401);
  });

  it("shows an action older than a year as expired, no longer counted nor appealable", async () => {
    const person = await createAccount(t, { label: "old" });
    const post = await publish(t, person, "An old mistake");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "Spam",
    });
    const { id } = await newest(person);
    const year = 365 * 24 * 3600 * 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + year - 60_000 });
    expect((await standing(person)).activeCount).toBe(1);
    vi.setSystemTime(Date.now() + 120_000);
    const later = await standing(person);
    expect(later.activeCount).toBe(0);
    expect(later.items[0]).toMatchObject({ state: "expired", appealable: false });
    const refused = await appeal(person, id, "Please");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "This action is more than a year old and no longer counts, so it cannot be appealed.",
    );
  });
});

describe("appealing", () => {
  it("takes one appeal per action: a retry answers as the first, a second is 409", async () => {
    const person = await createAccount(t, { label: "once" });
    const post = await publish(t, person, "Appeal me once");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "x",
    });
    const { id } = await newest(person);
    const first = await appeal(person, id, "  It was a joke  ", "key-1");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().appeal).toMatchObject({ text: "It was a joke", status: "open" });
    const retry = await appeal(person, id, "  It was a joke  ", "key-1");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().appeal.id).toBe(first.json().appeal.id);
    const again = await appeal(person, id, "Another try");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You already appealed this action.");
    const listed = await newest(person);
    expect(listed).toMatchObject({ appealable: false, appeal: { status: "open" } });
  });

  it("makes one row of appeals sent at the same moment", async () => {
    const person = await createAccount(t, { label: "race" });
    const post = await publish(t, person, "Appeal me twice at once");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "x",
    });
    const { id } = await newest(person);
    const answers = await Promise.all([
      appeal(person, id, "First", "race-a"),
      appeal(person, id, "Second", "race-b"),
      appeal(person, id, "Third"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from moderation_appeals where action_id = ${id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("refuses bad text, someone else's action, an unknown one and what cannot be appealed", async () => {
    const person = await createAccount(t, { label: "owner" });
    const post = await publish(t, person, "Mine to appeal");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "x",
    });
    const { id } = await newest(person);
    const empty = await appeal(person, id, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.text).toBeDefined();
    expect((await appeal(person, id, "x".repeat(1001))).statusCode).toBe(400);
    expect((await appeal(person, id, "x".repeat(1000))).statusCode).toBe(201);

    const other = await appeal(bystander, id, "Not mine");
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe("There is no such action on your account.");
    expect(
      (await appeal(person, "00000000-0000-4000-8000-000000000000", "Unknown")).statusCode,
    ).toBe(404);
    expect((await appeal(person, "not-a-uuid", "Bad id")).statusCode).toBe(400);

    const dismissed = await publish(t, person, "Reported, then dismissed");
    await inject(t, bystander, "POST", "/api/reports", {
      targetType: "post",
      targetId: dismissed.id,
      reason: "spam",
    });
    await act({ targetType: "post", targetId: dismissed.id, action: "dismiss", reason: "Fine" });
    const [dismissal] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from moderation_actions where target_id = ${dismissed.id} and action = 'dismiss'`,
    );
    expect((await appeal(person, dismissal?.id ?? "", "Why")).statusCode).toBe(404);

    await act({ targetType: "post", targetId: post.id, action: "restore", reason: "Back" });
    const restore = await newest(person);
    expect(restore.action).toBe("restore");
    const restored = await appeal(person, restore.id, "Why");
    expect(restored.statusCode).toBe(409);
  });
});

describe("deciding", () => {
  it("is for moderators, never the one who took the action, and once", async () => {
    const person = await createAccount(t, { label: "decided" });
    const post = await publish(t, person, "Decide me");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "x",
    });
    const filed = await appealOk(person, (await newest(person)).id);
    for (const [method, url] of [
      ["GET", "/api/admin/appeals"],
      ["POST", `/api/admin/appeals/${filed.id}/decision`],
    ] as const) {
      expect((await inject(t, person, method, url, { bad: true })).statusCode).toBe(404);
    }
    const own = await decide(admin, filed.id, { decision: "approve" });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(
      "You took this action: another moderator decides its appeal.",
    );
    const noReason = await decide(second, filed.id, { decision: "reject" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toEqual(["Give the reason the person is told."]);

    const queue = (await inject(t, second, "GET", "/api/admin/appeals")).json().items;
    expect(queue.find((a: { id: string }) => a.id === filed.id)).toMatchObject({
      text: "I did nothing wrong",
      status: "open",
      person: { userId: person.userId },
      action: {
        action: "remove",
        rule: "spam",
        reason: "x",
        moderator: { userId: admin.userId },
        reversedAt: null,
      },
      content: { text: "Decide me", removed: true },
      decision: null,
    });

    expect(
      (await decide(second, filed.id, { decision: "reject", reason: "Spam" })).statusCode,
    ).toBe(200);
    const twice = await decide(second, filed.id, { decision: "approve" });
    expect(twice.statusCode).toBe(409);
    const decided = (await inject(t, second, "GET", "/api/admin/appeals?status=decided")).json();
    expect(decided.items[0]).toMatchObject({
      id: filed.id,
      status: "rejected",
      decision: { by: { userId: second.userId }, reason: "Spam" },
    });
    const open = (await inject(t, second, "GET", "/api/admin/appeals")).json().items;
    expect(open.some((a: { id: string }) => a.id === filed.id)).toBe(false);
  });

  it("rejects with the reason, told by notice and e-mail; the action still counts", async () => {
    const person = await createAccount(t, { label: "rejected" });
    const post = await publish(t, person, "Rejected appeal");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "violence",
      reason: "A threat",
    });
    const { id } = await newest(person);
    const filed = await appealOk(person, id, "It was a quote from a film");
    const res = await decide(second, filed.id, {
      decision: "reject",
      reason: "Threats are not allowed, quoted or not.",
    });
    expect(res.json()).toEqual({ status: "rejected", undone: false });
    const text = await lastNotice(person);
    expect(text).toMatch(
      /^A moderator rejected your appeal of the removal of your post on .+\. Reason: Threats are not allowed, quoted or not\.$/,
    );
    expect(t.mailbox.latestTo(person.email)?.raw).toContain("Threats are not allowed");
    expect(await newest(person)).toMatchObject({
      state: "active",
      appeal: { status: "rejected", decisionReason: "Threats are not allowed, quoted or not." },
    });
    expect((await inject(t, bystander, "GET", `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await actionRow(id))?.reversed_at).toBeNull();
    const audit = (await inject(t, second, "GET", "/api/admin/audit?limit=5")).json().items;
    expect(audit[0]).toMatchObject({
      action: "reject_appeal",
      reason: "Threats are not allowed, quoted or not.",
      moderator: { userId: second.userId },
    });
  });

  it("holds the decision's e-mail through the person's quiet hours", async () => {
    const person = await createAccount(t, { label: "quiet" });
    const post = await publish(t, person, "Quiet hours");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "x",
    });
    const filed = await appealOk(person, (await newest(person)).id);
    const clock = (at: Date) => at.toISOString().slice(11, 16);
    const now = new Date();
    const quiet = await inject(t, person, "PATCH", "/api/account/notifications", {
      quietHours: {
        start: clock(new Date(now.getTime() - 60_000)),
        end: clock(new Date(now.getTime() + 2 * 3_600_000)),
        timeZone: "UTC",
      },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const mailsBefore = t.mailbox.all().filter((m) => m.to.includes(person.email)).length;
    await decide(second, filed.id, { decision: "reject", reason: "Held until morning" });
    expect(t.mailbox.all().filter((m) => m.to.includes(person.email))).toHaveLength(mailsBefore);
    const held = await queryRows<{ at: Date }>(
      t.database.db,
      sql`select available_at as at from outbox where topic = 'mail'
        and payload::text like ${"%Held until morning%"}`,
    );
    expect(new Date(held[0]?.at ?? 0).getTime()).toBeGreaterThan(now.getTime() + 3_600_000);
    expect(await lastNotice(person)).toContain("Held until morning");
  });
});

describe("the data export", () => {
  it("holds the person's appeals with the action each appeals, never its moderator", async () => {
    const person = await createAccount(t, { label: "exported" });
    const post = await publish(t, person, "Exported appeal");
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "nudity",
      reason: "Not here",
    });
    const filed = await appealOk(person, (await newest(person)).id, "It was art");
    await decide(second, filed.id, { decision: "reject", reason: "Still not here" });
    expect((await inject(t, person, "POST", "/api/account/export")).statusCode).toBe(202);
    await t.app.outbox.drain();
    const state = (await inject(t, person, "GET", "/api/account/export")).json();
    const res = await t.app.inject({
      method: "GET",
      url: state.export.downloadUrl,
      headers: { cookie: person.cookie },
    });
    const file = (await unzip(res.rawPayload)).get("appeals.json")?.toString() ?? "";
    expect(JSON.parse(file)).toEqual([
      {
        action: {
          kind: "remove",
          on: "post",
          rule: "nudity",
          note: "Not here",
          takenAt: expect.any(String),
        },
        text: "It was art",
        status: "rejected",
        decisionReason: "Still not here",
        createdAt: expect.any(String),
        decidedAt: expect.any(String),
      },
    ]);
    expect(file).not.toContain(admin.userId);
    expect(file).not.toContain(second.userId);
  });
});

describe("approving undoes the action exactly", () => {
  it("brings back a removed post and comment, with every counter equal to a recount", async () => {
    const person = await createAccount(t, { label: "restored", fullName: "Rita Restored" });
    const fan = await createAccount(t, { label: "fan" });
    await follow(t, fan, person);
    const quoted = await publish(t, bystander, "The post Rita quotes");
    const quote = (
      await inject(t, person, "POST", "/api/posts", {
        content: "Quoting this #restoretag",
        quoteOf: quoted.id,
      })
    ).json().post as { id: string };
    const host = await publish(t, bystander, "A post Rita comments on");
    const comment = (
      await inject(t, person, "POST", `/api/posts/${host.id}/comments`, { content: "A rude one" })
    ).json().comment as { id: string };
    const counts = async () => {
      const [row] = await queryRows<{
        comments: number;
        live_comments: number;
        in_timelines: number;
        tagged: number;
      }>(
        t.database.db,
        sql`select
          (select comments_count from posts where id = ${host.id}) as comments,
          (select count(*)::int from post_comments where post_id = ${host.id} and deleted_at is null) as live_comments,
          (select count(*)::int from home_timelines where post_id = ${quote.id}) as in_timelines,
          (select count(*)::int from post_tags where post_id = ${quote.id}) as tagged`,
      );
      return { ...row, quotes: await quoteCounts(t, quoted.id) };
    };
    const before = await counts();
    expect(before).toMatchObject({ comments: 1, live_comments: 1, in_timelines: 2, tagged: 1 });
    expect(before.quotes).toEqual({ stored: 1, counted: 1 });

    await act({
      targetType: "post",
      targetId: quote.id,
      action: "remove",
      rule: "spam",
      reason: "x",
    });
    await act({
      targetType: "comment",
      targetId: comment.id,
      action: "remove",
      rule: "harassment",
      reason: "Rude",
    });
    const removed = await counts();
    expect(removed).toMatchObject({ comments: 0, live_comments: 0, in_timelines: 0, tagged: 0 });
    expect(removed.quotes).toEqual({ stored: 0, counted: 0 });

    const [commentAction, postAction] = (await standing(person)).items;
    for (const action of [commentAction, postAction]) {
      const filed = await appealOk(person, action?.id ?? "");
      const res = await decide(second, filed.id, { decision: "approve" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: "approved", undone: true });
      expect((await actionRow(action?.id ?? ""))?.reversed_at).not.toBeNull();
    }
    const after = await counts();
    expect(after).toEqual(before);
    expect(after.comments).toBe(after.live_comments);
    expect((await inject(t, fan, "GET", `/api/posts/${quote.id}`)).statusCode).toBe(200);
    const comments = (await inject(t, fan, "GET", `/api/posts/${host.id}/comments`)).json().items;
    expect(comments[0]).toMatchObject({ deleted: false, content: "A rude one" });

    expect(await lastNotice(person)).toMatch(
      /^A moderator approved your appeal of the removal of your post on .+: it no longer counts against your account\. It is back where it was\.$/,
    );
    expect(t.mailbox.latestTo(person.email)?.raw).toContain("approved your appeal");
    const listed = await standing(person);
    expect(listed.activeCount).toBe(0);
    expect(listed.items.map((i) => [i.state, i.appeal?.status])).toEqual([
      ["reversed", "approved"],
      ["reversed", "approved"],
    ]);
    const audit = (await inject(t, second, "GET", "/api/admin/audit?limit=1")).json().items;
    expect(audit[0]).toMatchObject({ action: "approve_appeal", reason: "Approved the appeal" });
  });

  it("lifts a restriction, with the moderator's note told", async () => {
    const person = await createAccount(t, { label: "unrestricted" });
    await act({
      targetType: "profile",
      targetId: person.userId,
      action: "restrict",
      rule: "spam",
      reason: "Too many links",
      days: 5,
    });
    expect((await inject(t, person, "POST", "/api/posts", { content: "no" })).statusCode).toBe(403);
    const filed = await appealOk(person, (await newest(person)).id, "They were my own sites");
    const res = await decide(second, filed.id, { decision: "approve", reason: "Fair enough" });
    expect(res.json()).toEqual({ status: "approved", undone: true });
    expect((await inject(t, person, "POST", "/api/posts", { content: "yes" })).statusCode).toBe(
      201,
    );
    expect((await inject(t, person, "GET", "/api/safety/standing")).json().restrictedUntil).toBe(
      null,
    );
    expect(await lastNotice(person)).toMatch(
      /^A moderator approved your appeal of the restriction of your account on .+: it no longer counts against your account\. You can post, comment, message and follow again\. Note: Fair enough$/,
    );
  });

  it("leaves a later restriction standing and only clears the appealed one", async () => {
    const person = await createAccount(t, { label: "superseded" });
    const restrict = (days: number, reason: string) =>
      act({
        targetType: "profile",
        targetId: person.userId,
        action: "restrict",
        rule: "spam",
        reason,
        days,
      });
    await restrict(3, "First");
    const first = (await newest(person)).id;
    const filed = await appealOk(person, first);
    await restrict(30, "Second, longer");
    const until = (await inject(t, person, "GET", "/api/safety/standing")).json().restrictedUntil;
    const res = await decide(second, filed.id, { decision: "approve" });
    expect(res.json()).toEqual({ status: "approved", undone: false });
    expect((await inject(t, person, "GET", "/api/safety/standing")).json().restrictedUntil).toBe(
      until,
    );
    expect((await actionRow(first))?.reversed_at).not.toBeNull();
    const listed = await standing(person);
    expect(listed.items.map((i) => [i.reason, i.state])).toEqual([
      ["Second, longer", "active"],
      ["First", "reversed"],
    ]);
    expect(await lastNotice(person)).not.toContain("You can post");
  });

  it("ends a suspension appealed through the mail's signed link; the sessions it ended stay ended and the person signs in again", async () => {
    const person = await createAccount(t, { label: "suspended" });
    await act({
      targetType: "profile",
      targetId: person.userId,
      action: "suspend",
      rule: "impersonation",
      reason: "Pretending to be someone",
    });
    // A suspended person cannot sign in: the suspension's e-mail carries the link to appeal it
    // (docs/safety.md "Appealing a suspension").
    await t.app.outbox.drain();
    const mail = (await simpleParser(t.mailbox.latestTo(person.email)?.raw ?? "")).text ?? "";
    expect(mail).toContain("Pretending to be someone");
    expect(mail).toContain("If you think this was a mistake, you can appeal it once");
    const token = decodeURIComponent(mail.match(/\/appeal\/(\S+)/)?.[1] ?? "");
    expect(token).not.toBe("");
    const link = `/api/safety/appeal-links/${encodeURIComponent(token)}`;

    // Signed out, the link reads the suspension as Account standing shows it, never the moderator.
    const read = await t.app.inject({ method: "GET", url: link });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers["cache-control"]).toBe("private, no-store");
    const { action } = read.json() as { action: StandingItem };
    expect(action).toMatchObject({
      action: "suspend",
      rule: "impersonation",
      reason: "Pretending to be someone",
      state: "active",
      content: null,
      appeal: null,
      appealable: true,
    });
    expect(read.body).not.toContain("Ada Admin");

    // A link we did not sign, or one altered to name someone else, is refused and changes nothing.
    const [actionPart, , mac] = token.split(".");
    const forged = `${actionPart}.${Buffer.from(bystander.userId).toString("base64url")}.${mac}`;
    for (const bad of ["nonsense", forged, `${token}x`]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/safety/appeal-links/${encodeURIComponent(bad)}/appeal`,
        payload: { text: "Let me back" },
      });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toContain("This appeal link is not valid.");
    }
    const empty = await t.app.inject({
      method: "POST",
      url: `${link}/appeal`,
      payload: { text: "   " },
    });
    expect(empty.statusCode).toBe(400);

    // The appeal, answered once per key; a second one is a 409 and makes no row.
    const send = (key: string) =>
      t.app.inject({
        method: "POST",
        url: `${link}/appeal`,
        payload: { text: "Not me: that account is my namesake" },
        headers: { "idempotency-key": key },
      });
    const first = await send("link-appeal-1");
    expect(first.statusCode, first.body).toBe(201);
    const retried = await send("link-appeal-1");
    expect(retried.statusCode).toBe(201);
    expect(retried.json().appeal.id).toBe(first.json().appeal.id);
    const again = await send("link-appeal-2");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You already appealed this action.");
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from moderation_appeals where user_id = ${person.userId}`,
    );
    expect(n).toBe(1);
    const pending = (await t.app.inject({ method: "GET", url: link })).json().action;
    expect(pending.appeal).toMatchObject({ status: "open" });
    expect(pending.appealable).toBe(false);

    // A moderator who did not suspend them approves it in the Appeals tab.
    const queued = await inject(t, second, "GET", "/api/admin/appeals?status=open");
    const entry = (queued.json().items as { id: string; person: { handle: string } }[]).find(
      (item) => item.id === first.json().appeal.id,
    );
    expect(entry?.person.handle).toBe(person.handle);
    const res = await decide(second, entry?.id ?? "", { decision: "approve" });
    expect(res.json()).toEqual({ status: "approved", undone: true });
    expect((await inject(t, person, "GET", "/api/auth/session")).json().user).toBeNull();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await inject(t, bystander, "GET", `/api/profiles/${person.handle}`)).statusCode).toBe(
      200,
    );
    await t.app.outbox.drain();
    expect(t.mailbox.latestTo(person.email)?.raw).toContain("You can sign in again.");
    const decided = (await t.app.inject({ method: "GET", url: link })).json().action;
    expect(decided).toMatchObject({ state: "reversed", appeal: { status: "approved" } });
  });

  it("a removal's or restriction's e-mail has no appeal link: the person signs in to appeal", async () => {
    const person = await createAccount(t, { label: "restricted-mail" });
    await act({
      targetType: "profile",
      targetId: person.userId,
      action: "restrict",
      rule: "spam",
      reason: "Posting the same link everywhere",
    });
    await t.app.outbox.drain();
    const mail = (await simpleParser(t.mailbox.latestTo(person.email)?.raw ?? "")).text ?? "";
    expect(mail).toContain("Posting the same link everywhere");
    expect(mail).not.toContain("/appeal/");
  });
});
