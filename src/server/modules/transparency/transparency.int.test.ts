// The transparency report (docs/safety.md "Transparency report") over two seeded past years and
// the present one: every figure equal to an independent recount in SQL, the year's bounds in UTC
// to the millisecond, the median on odd and even counts, which years exist under an injected
// clock, and the moderators' statement (moderators only, audited, retried without a second row).
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import {
  insertActionRow,
  insertAppealRow,
  insertFlagRow,
  insertReportRow,
} from "../../test-support/moderation-rows";
import { inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const ADMIN = "transparency.admin@example.com";
const REASONS = ["spam", "harassment", "impersonation", "nudity", "violence", "other"];
const KINDS = ["dismiss", "remove", "restrict", "suspend", "restore"];
const at = (iso: string) => new Date(iso);
const thisYear = new Date().getUTCFullYear();

let t: TestApp;
let admin: TestAccount;
let member: TestAccount;
let people: TestAccount[];

/** Two past years written as their use-cases would have written them (test fixtures), and a
 * report and two actions made now through the API. */
async function seed() {
  const db = t.database.db;
  const [a, b, c, d, reporter] = people as [
    TestAccount,
    TestAccount,
    TestAccount,
    TestAccount,
    TestAccount,
  ];
  const report = (reason: string, createdAt: string, resolvedAt?: string) =>
    insertReportRow(db, {
      reporterId: reporter.userId,
      targetUserId: a.userId,
      reason,
      createdAt: at(createdAt),
      ...(resolvedAt ? { resolvedAt: at(resolvedAt) } : {}),
    });
  const act = (
    action: string,
    who: TestAccount | null,
    createdAt: string,
    more: { rule?: string; reversedAt?: string; targetType?: string } = {},
  ) =>
    insertActionRow(db, {
      moderatorId: admin.userId,
      action,
      targetUserId: who?.userId ?? null,
      createdAt: at(createdAt),
      ...(more.rule ? { rule: more.rule } : {}),
      ...(more.reversedAt ? { reversedAt: at(more.reversedAt) } : {}),
      ...(more.targetType ? { targetType: more.targetType } : {}),
    });

  // 2024: three reports closed after 60 s, 120 s and an hour (median 120 s), one left open, one
  // at the year's last millisecond.
  await report("spam", "2024-03-01T10:00:00.000Z", "2024-03-01T10:01:00.000Z");
  await report("spam", "2024-04-01T10:00:00.000Z", "2024-04-01T10:02:00.000Z");
  await report("harassment", "2024-05-01T10:00:00.000Z", "2024-05-01T11:00:00.000Z");
  await report("nudity", "2024-06-01T10:00:00.000Z");
  await report("impersonation", "2024-12-31T23:59:59.999Z");
  // 2025: the year's first millisecond; three closed after 10, 20 and 30 s, and one filed in 2024
  // and closed in 2025 after two hours: four closed in 2025, median 25 s.
  await report("impersonation", "2025-01-01T00:00:00.000Z");
  await report("violence", "2025-02-01T10:00:00.000Z", "2025-02-01T10:00:10.000Z");
  await report("other", "2025-02-02T10:00:00.000Z", "2025-02-02T10:00:20.000Z");
  await report("spam", "2025-02-03T10:00:00.000Z", "2025-02-03T10:00:30.000Z");
  await report("harassment", "2024-12-31T23:00:00.000Z", "2025-01-01T01:00:00.000Z");

  // Actions. A suspended (2024, rule harassment), restored in 2025; B suspended at 2024's last
  // millisecond; C suspended at 2025's first; D suspended in 2025, undone by an approved appeal.
  const suspendA = await act("suspend", a, "2024-06-01T00:00:00.000Z", { rule: "harassment" });
  const restrictB = await act("restrict", b, "2024-07-01T00:00:00.000Z", { rule: "spam" });
  await act("remove", a, "2024-08-01T00:00:00.000Z", { targetType: "post" });
  await act("dismiss", a, "2024-09-01T00:00:00.000Z", { targetType: "post" });
  await act("suspend", b, "2024-12-31T23:59:59.999Z", { rule: "impersonation" });
  await act("suspend", c, "2025-01-01T00:00:00.000Z", { rule: "impersonation" });
  await act("restore", a, "2025-02-01T00:00:00.000Z");
  const suspendD = await act("suspend", d, "2025-04-01T00:00:00.000Z", {
    rule: "violence",
    reversedAt: "2025-05-01T00:00:00.000Z",
  });
  await act("dismiss", b, "2025-06-01T00:00:00.000Z", { targetType: "post" });
  await act("remove", c, "2025-06-02T00:00:00.000Z", { rule: "spam", targetType: "post" });
  // Not moderation of reported things: a role, a badge decision, a trending tag.
  await act("grant_moderator", b, "2024-10-01T00:00:00.000Z");
  await act("approve_yellow", c, "2025-03-01T00:00:00.000Z");
  await act("hide_tag", null, "2025-03-02T00:00:00.000Z", { targetType: "tag" });

  // Appeals: B's restriction approved in 2024; A's suspension filed in December 2024 and
  // rejected in January 2025 (open at 2024's end); D's suspension approved in 2025; C's still open.
  const decided = (status: "approved" | "rejected", iso: string) => ({
    status,
    at: at(iso),
    by: admin.userId,
  });
  await insertAppealRow(db, {
    actionId: restrictB,
    userId: b.userId,
    createdAt: at("2024-07-02T00:00:00.000Z"),
    decided: decided("approved", "2024-07-05T00:00:00.000Z"),
  });
  await insertAppealRow(db, {
    actionId: suspendA,
    userId: a.userId,
    createdAt: at("2024-12-20T00:00:00.000Z"),
    decided: decided("rejected", "2025-01-03T00:00:00.000Z"),
  });
  await insertAppealRow(db, {
    actionId: suspendD,
    userId: d.userId,
    createdAt: at("2025-04-02T00:00:00.000Z"),
    decided: decided("approved", "2025-05-01T00:00:00.000Z"),
  });
  const [suspendC] = await queryRows<{ id: string }>(
    db,
    sql`select id from moderation_actions where action = 'suspend' and target_user_id = ${c.userId}`,
  );
  await insertAppealRow(db, {
    actionId: suspendC?.id ?? "",
    userId: c.userId,
    createdAt: at("2025-01-02T00:00:00.000Z"),
  });

  // Reports across servers: two from elsewhere and one of ours about someone there in 2024, and
  // one from elsewhere at 2025's first millisecond.
  await insertFlagRow(db, { direction: "in", createdAt: at("2024-08-01T00:00:00.000Z") });
  await insertFlagRow(db, { direction: "in", createdAt: at("2024-12-31T23:59:59.999Z") });
  await insertFlagRow(db, { direction: "out", createdAt: at("2024-09-01T00:00:00.000Z") });
  await insertFlagRow(db, { direction: "in", createdAt: at("2025-01-01T00:00:00.000Z") });

  // Now, through the API: a report of a post, its removal under a rule, and a suspension.
  const post = await publish(t, d, "Cheap watches, click here");
  const filed = await inject(t, reporter, "POST", "/api/reports", {
    targetType: "post",
    targetId: post.id,
    reason: "spam",
  });
  expect(filed.statusCode).toBe(201);
  const removal = await inject(t, admin, "POST", "/api/admin/actions", {
    targetType: "post",
    targetId: post.id,
    action: "remove",
    reason: "Spam",
    rule: "spam",
  });
  expect(removal.statusCode).toBe(200);
  const suspension = await inject(t, admin, "POST", "/api/admin/actions", {
    targetType: "profile",
    targetId: d.userId,
    action: "suspend",
    reason: "Repeated spam",
    rule: "spam",
  });
  expect(suspension.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await createAccount(t, { email: ADMIN });
  member = await createAccount(t, { label: "member" });
  people = [];
  for (const label of ["a", "b", "c", "d", "reporter"]) {
    people.push(await createAccount(t, { label }));
  }
  await seed();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const getReport = (year: number | string) => inject(t, null, "GET", `/api/transparency/${year}`);

/** The figures of `year` recounted in SQL and plain code, apart from the report's own queries. */
async function recount(year: number) {
  const db = t.database.db;
  const from = `${year}-01-01T00:00:00.000Z`;
  const to = `${year + 1}-01-01T00:00:00.000Z`;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
  const reasons = await rows<{ reason: string; n: number }>(
    sql`select reason, count(*)::int as n from reports
        where created_at >= ${from} and created_at < ${to} group by reason`,
  );
  const waits = (
    await rows<{ s: number }>(
      sql`select extract(epoch from resolved_at - created_at)::float8 as s from reports
          where status = 'closed' and resolved_at >= ${from} and resolved_at < ${to}`,
    )
  )
    .map((row) => row.s)
    .sort((x, y) => x - y);
  const middle = Math.floor(waits.length / 2);
  const median =
    waits.length === 0
      ? null
      : waits.length % 2
        ? (waits[middle] as number)
        : ((waits[middle - 1] as number) + (waits[middle] as number)) / 2;
  const flags = await rows<{ direction: string; n: number }>(
    sql`select direction, count(*)::int as n from fed_flags
        where created_at >= ${from} and created_at < ${to} group by direction`,
  );
  const actions = await rows<{ action: string; rule: string | null; n: number }>(
    sql`select action, rule, count(*)::int as n from moderation_actions
        where created_at >= ${from} and created_at < ${to} group by action, rule`,
  );
  const [appeals] = await rows<{ received: number; approved: number; rejected: number }>(
    sql`select
          (select count(*)::int from moderation_appeals
            where created_at >= ${from} and created_at < ${to}) as received,
          (select count(*)::int from moderation_appeals where status = 'approved'
            and decided_at >= ${from} and decided_at < ${to}) as approved,
          (select count(*)::int from moderation_appeals where status = 'rejected'
            and decided_at >= ${from} and decided_at < ${to}) as rejected`,
  );
  const [open] = await rows<{ n: number }>(
    sql`select count(*)::int as n from moderation_appeals
        where created_at < ${to} and (decided_at is null or decided_at >= ${to})`,
  );
  // Each person's suspensions and liftings before the year's end, replayed in order.
  const steps = await rows<{
    user_id: string;
    action: string;
    reversed: boolean;
  }>(
    sql`select target_user_id as user_id, action,
          (reversed_at is not null and reversed_at < ${to}) as reversed
        from moderation_actions
        where target_user_id is not null and created_at < ${to}
          and (action = 'suspend' or (action = 'restore' and target_type = 'profile'))
        order by created_at, id`,
  );
  const suspendedNow = new Map<string, boolean>();
  for (const step of steps) {
    suspendedNow.set(step.user_id, step.action === "suspend" && !step.reversed);
  }
  const of = (action: string) =>
    actions.filter((row) => row.action === action).reduce((n, row) => n + row.n, 0);
  const enforcing = actions.filter((row) => ["remove", "restrict", "suspend"].includes(row.action));
  const byReason = REASONS.map((reason) => ({
    reason,
    count: reasons.find((row) => row.reason === reason)?.n ?? 0,
  }));
  return {
    reports: {
      received: byReason.reduce((n, row) => n + row.count, 0),
      byReason,
      fromOtherServers: flags.find((row) => row.direction === "in")?.n ?? 0,
      aboutOtherServers: flags.find((row) => row.direction === "out")?.n ?? 0,
      closed: waits.length,
      medianSeconds: median,
    },
    actions: {
      total: KINDS.reduce((n, kind) => n + of(kind), 0),
      byKind: KINDS.map((kind) => ({ kind, count: of(kind) })),
      byRule: [...REASONS, null].map((rule) => ({
        rule,
        count: enforcing.filter((row) => row.rule === rule).reduce((n, row) => n + row.n, 0),
      })),
    },
    appeals: { ...appeals, openAtYearEnd: open?.n },
    suspensions: {
      suspended: of("suspend"),
      suspendedAtYearEnd: [...suspendedNow.values()].filter(Boolean).length,
    },
  };
}

describe("GET /api/transparency/{year}", () => {
  it.each([2024, 2025, thisYear])(
    "answers %i's figures as an independent recount finds them",
    async (year) => {
      const res = await getReport(year);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, no-cache");
      const report = res.json();
      const expected = await recount(year);
      const { medianSeconds, ...reports } = expected.reports;
      expect(report).toMatchObject({
        year,
        from: `${year}-01-01T00:00:00.000Z`,
        to: `${year + 1}-01-01T00:00:00.000Z`,
        live: year === thisYear,
        reports,
        actions: expected.actions,
        appeals: expected.appeals,
        suspensions: expected.suspensions,
      });
      if (medianSeconds === null) expect(report.reports.medianTimeToAction).toBeNull();
      else expect(report.reports.medianTimeToAction.seconds).toBeCloseTo(medianSeconds, 3);
    },
  );

  it("counts what happened at a year's last millisecond in that year, and its next in the next", async () => {
    const [y2024, y2025] = [(await getReport(2024)).json(), (await getReport(2025)).json()];
    const count = (list: { reason?: string; rule?: string; count: number }[], key: string) =>
      list.find((row) => row.reason === key || row.rule === key)?.count;
    expect(count(y2024.reports.byReason, "impersonation")).toBe(1);
    expect(count(y2025.reports.byReason, "impersonation")).toBe(1);
    expect(count(y2024.actions.byRule, "impersonation")).toBe(1);
    expect(count(y2025.actions.byRule, "impersonation")).toBe(1);
    expect(y2024.reports.fromOtherServers).toBe(2);
    expect(y2025.reports.fromOtherServers).toBe(1);
    // B, suspended at 2024's last millisecond, was suspended at its end; so was A, whose appeal
    // was still open then.
    expect(y2024.suspensions).toEqual({ suspended: 2, suspendedAtYearEnd: 2 });
  });

  it("gives the median of an odd count as its middle and of an even count as the mean of two", async () => {
    const [y2024, y2025] = [(await getReport(2024)).json(), (await getReport(2025)).json()];
    expect(y2024.reports.closed).toBe(3);
    expect(y2024.reports.medianTimeToAction).toEqual({ seconds: 120, label: "2 minutes" });
    expect(y2025.reports.closed).toBe(4);
    expect(y2025.reports.medianTimeToAction).toEqual({ seconds: 25, label: "under a minute" });
  });

  it("lists every kind and rule, leaving out roles, badges and tags", async () => {
    const y2025 = (await getReport(2025)).json();
    expect(y2025.actions.byKind).toEqual([
      { kind: "dismiss", count: 1 },
      { kind: "remove", count: 1 },
      { kind: "restrict", count: 0 },
      { kind: "suspend", count: 2 },
      { kind: "restore", count: 1 },
    ]);
    expect(y2025.actions.total).toBe(5);
    expect(y2025.appeals).toEqual({ received: 2, approved: 1, rejected: 1, openAtYearEnd: 1 });
    // C is suspended; A was restored and D's suspension undone by an appeal.
    expect(y2025.suspensions).toEqual({ suspended: 2, suspendedAtYearEnd: 2 });
    const y2024 = (await getReport(2024)).json();
    expect(y2024.appeals).toEqual({ received: 2, approved: 1, rejected: 0, openAtYearEnd: 1 });
  });

  it("answers 400 for a malformed year and 404 before the first record or after this year", async () => {
    for (const bad of ["abcd", "999", "20250", "2025.0", "-202"]) {
      const res = await getReport(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields.year).toBeDefined();
    }
    for (const none of [2023, 1000, thisYear + 1]) {
      const res = await getReport(none);
      expect(res.statusCode, String(none)).toBe(404);
      expect(res.json().error.message).toBe("There is no transparency report for that year.");
    }
  });

  it("takes the current year from the clock", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: at("2025-06-01T12:00:00.000Z") });
    expect((await getReport(2026)).statusCode).toBe(404);
    const y2025 = (await getReport(2025)).json();
    expect(y2025).toMatchObject({ live: true, countedAt: "2025-06-01T12:00:00.000Z" });
    const years = (await inject(t, null, "GET", "/api/transparency")).json();
    expect(years).toEqual({ years: [2025, 2024], latest: 2025 });
    vi.useRealTimers();
    expect((await getReport(2025)).json().live).toBe(false);
  });

  it("lists the years from the first record's to this one, the latest with records first", async () => {
    const res = await inject(t, null, "GET", "/api/transparency");
    expect(res.statusCode).toBe(200);
    const years = Array.from({ length: thisYear - 2023 }, (_, i) => thisYear - i);
    expect(res.json()).toEqual({ years, latest: thisYear });
  });
});

describe("the page /transparency", () => {
  it("is served with its own title and description", async () => {
    const res = await t.app.inject({ method: "GET", url: "/transparency" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Transparency report · chtcht</title>");
    expect(res.body).toMatch(
      /<meta name="description" content="How chtcht moderates, year by year: reports received/,
    );
  });
});

describe("PUT /api/admin/transparency/{year}", () => {
  const put = (who: TestAccount | null, year: number, statement: unknown) =>
    inject(t, who, "PUT", `/api/admin/transparency/${year}`, { statement });
  const statementRows = () =>
    queryRows<{ action: string; target_type: string; target_id: string; reason: string }>(
      t.database.db,
      sql`select action, target_type, target_id, reason from moderation_actions
          where action in ('write_statement', 'remove_statement') order by created_at, id`,
    );

  it("is there for moderators only", async () => {
    expect((await put(null, 2025, "Hello")).statusCode).toBe(401);
    const refused = await put(member, 2025, "Hello");
    expect(refused.statusCode).toBe(404);
    expect((await getReport(2025)).json().statement).toBeNull();
    expect(await statementRows()).toEqual([]);
  });

  it("refuses a statement too long, or a year without a report, and keeps nothing", async () => {
    const long = await put(admin, 2025, "x".repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.statement).toBeDefined();
    expect((await put(admin, 2023, "Hello")).statusCode).toBe(404);
    expect((await put(admin, thisYear + 1, "Hello")).statusCode).toBe(404);
    expect((await inject(t, admin, "PUT", "/api/admin/transparency/20x5", {})).statusCode).toBe(
      400,
    );
    expect(await statementRows()).toEqual([]);
  });

  it("writes the statement with an audit row, once however often it is sent, and removes it", async () => {
    const text = "We answered every report within a week.\nThank you for reporting.";
    const saved = await put(admin, 2025, `  ${text}  `);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ year: 2025, statement: { text } });
    expect((await getReport(2025)).json().statement).toMatchObject({ text });
    expect((await getReport(2024)).json().statement).toBeNull();
    expect((await put(admin, 2025, text)).statusCode).toBe(200);
    expect(await statementRows()).toEqual([
      { action: "write_statement", target_type: "year", target_id: "2025", reason: text },
    ]);
    const log = (await inject(t, admin, "GET", "/api/admin/audit")).json().items[0];
    expect(log).toMatchObject({ action: "write_statement", targetId: "2025", targetUser: null });

    const removed = await put(admin, 2025, "   ");
    expect(removed.json()).toEqual({ year: 2025, statement: null });
    expect((await getReport(2025)).json().statement).toBeNull();
    expect((await statementRows()).map((row) => row.action)).toEqual([
      "write_statement",
      "remove_statement",
    ]);
    expect((await put(admin, 2025, "")).statusCode).toBe(200);
    expect(await statementRows()).toHaveLength(2);
  });
});
