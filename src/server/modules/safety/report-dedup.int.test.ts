// One open report per reporter and target (docs/safety.md "Report"): reporting the same thing
// again answers with the report already open, stores nothing more and the queue counts it once;
// once a moderator has closed it, a new report is a new one.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reports } from "../../db/schema/safety";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const ADMIN = "dedup.moderator@example.com";
let t: TestApp;
let admin: TestAccount;
let reporter: TestAccount;
let author: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await createAccount(t, { email: ADMIN });
  reporter = await createAccount(t, { label: "reporter" });
  author = await createAccount(t, { label: "author" });
});
afterAll(async () => {
  await t.close();
});

const report = (who: TestAccount, body: object) => inject(t, who, "POST", "/api/reports", body);
const rowsFor = (reporterId: string, targetId: string) =>
  t.database.db
    .select({ id: reports.id, status: reports.status, reason: reports.reason })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.targetId, targetId)));
const queued = async (targetId: string, status = "open") =>
  (
    (await inject(t, admin, "GET", `/api/admin/reports?status=${status}`)).json().items as {
      targetId: string;
      reportCount: number;
    }[]
  ).filter((group) => group.targetId === targetId);

describe("report deduplication", () => {
  it("answers a repeated report with the open one and stores a single row", async () => {
    const post = await publish(t, author, "Cheap watches here");
    const body = { targetType: "post", targetId: post.id, reason: "spam" };
    const first = await report(reporter, body);
    expect(first.statusCode).toBe(201);
    const again = await report(reporter, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Another reason from the same reporter is still the same open report.
    const otherReason = await report(reporter, { ...body, reason: "other", details: "Scam" });
    expect(otherReason.statusCode).toBe(201);
    expect(otherReason.json().reportId).toBe(first.json().reportId);

    expect(await rowsFor(reporter.userId, post.id)).toEqual([
      { id: first.json().reportId, status: "open", reason: "spam" },
    ]);
    expect(await queued(post.id)).toEqual([expect.objectContaining({ reportCount: 1 })]);
  });

  it("stores one row when the same report arrives several times at once", async () => {
    const post = await publish(t, author, "Follow for follow");
    const body = { targetType: "post", targetId: post.id, reason: "spam" };
    const answers = await Promise.all([1, 2, 3, 4].map(() => report(reporter, body)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = new Set(answers.map((res) => res.json().reportId));
    expect(ids.size).toBe(1);
    const rows = await rowsFor(reporter.userId, post.id);
    expect(rows.map((row) => row.id)).toEqual([...ids]);
  });

  it("still blocks when a repeated report asks to, and counts other reporters apart", async () => {
    const target = await createAccount(t, { label: "pest" });
    const body = { targetType: "profile", targetId: target.userId, reason: "harassment" };
    const first = await report(reporter, body);
    expect(first.json()).toMatchObject({ blocked: false });
    const withBlock = await report(reporter, { ...body, alsoBlock: true });
    expect(withBlock.json()).toEqual({ reportId: first.json().reportId, blocked: true });
    expect(
      (await inject(t, reporter, "GET", `/api/safety/relations/${target.userId}`)).json().blocking,
    ).toBe(true);
    const second = await createAccount(t, { label: "witness" });
    const theirs = await report(second, body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().reportId).not.toBe(first.json().reportId);
    expect(await queued(target.userId)).toEqual([expect.objectContaining({ reportCount: 2 })]);
  });

  it("takes a new report once a moderator has closed the first", async () => {
    const post = await publish(t, author, "Totally legit offer");
    const body = { targetType: "post", targetId: post.id, reason: "spam" };
    const first = await report(reporter, body);
    const dismissed = await inject(t, admin, "POST", "/api/admin/actions", {
      targetType: "post",
      targetId: post.id,
      action: "dismiss",
      reason: "Not spam",
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await queued(post.id)).toEqual([]);

    const later = await report(reporter, body);
    expect(later.statusCode).toBe(201);
    expect(later.json().reportId).not.toBe(first.json().reportId);
    const rows = await rowsFor(reporter.userId, post.id);
    expect(rows.map((row) => row.status).sort()).toEqual(["closed", "open"]);
    expect(await queued(post.id)).toEqual([expect.objectContaining({ reportCount: 1 })]);
  });
});
