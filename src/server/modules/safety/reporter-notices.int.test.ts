// Reporters hear back over the real HTTP API (docs/safety.md "Reporters hear back"): each reporter
// of the reports an action closes gets one Activity item with the outcome (removed, action taken
// on the account, no rule broken) and the moderator's note, nothing of the content and no one
// named, never twice; a restore tells nothing; a deleted reporter gets nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const ADMIN = "outcomes.admin@example.com";
let t: TestApp;
let admin: TestAccount;

interface Group {
  groupType: string;
  unread: boolean;
  actorsRecent: unknown[];
  postId: string | null;
  postSnippet: string | null;
  commentSnippet: string | null;
  target: string | null;
  reportOutcome: { actionId: string; targetType: string; outcome: string; note: string | null };
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await createAccount(t, { email: ADMIN, fullName: "Ada Admin" });
});
afterAll(async () => {
  await t.close();
});

const report = async (who: TestAccount, body: object) => {
  const res = await inject(t, who, "POST", "/api/reports", body);
  expect(res.statusCode, res.body).toBe(201);
};
const act = async (body: object) => {
  const res = await inject(t, admin, "POST", "/api/admin/actions", body);
  expect(res.statusCode, res.body).toBe(200);
};
const activity = async (who: TestAccount) => {
  const res = await inject(t, who, "GET", "/api/activity");
  expect(res.statusCode).toBe(200);
  return { body: res.body, groups: res.json().groups as Group[] };
};
const outcomes = async (who: TestAccount) =>
  (await activity(who)).groups.filter((g) => g.groupType === "REPORT_OUTCOME");
const unread = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/activity/unread-count")).json().count as number;

describe("reporters hear back", () => {
  it("tells each reporter of a removal, with the note, and nothing of the post", async () => {
    const author = await createAccount(t, { label: "author", fullName: "Otto Offender" });
    const first = await createAccount(t, { label: "first" });
    const blocker = await createAccount(t, { label: "blocker" });
    const text = "Secret words only the author's readers saw";
    const post = await publish(t, author, text);
    await report(first, { targetType: "post", targetId: post.id, reason: "spam" });
    await report(blocker, {
      targetType: "post",
      targetId: post.id,
      reason: "harassment",
      alsoBlock: true,
    });
    expect(await unread(first)).toBe(0);
    await act({
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "Spam links",
      reporterNote: "Thank you for telling us.",
    });
    for (const who of [first, blocker]) {
      const { body, groups } = await activity(who);
      const told = groups.filter((g) => g.groupType === "REPORT_OUTCOME");
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        unread: true,
        actorsRecent: [],
        postId: null,
        postSnippet: null,
        commentSnippet: null,
        target: null,
        reportOutcome: {
          targetType: "post",
          outcome: "removed",
          note: "Thank you for telling us.",
        },
      });
      // Nothing the reporter could not see: not the words, not the author, not the moderator,
      // nor the note to the author.
      for (const hidden of [
        text,
        author.handle,
        "Otto",
        admin.userId,
        admin.handle,
        "Spam links",
      ]) {
        expect(body).not.toContain(hidden);
      }
      expect(await unread(who)).toBe(1);
    }
    expect(await outcomes(author)).toEqual([]);

    const [group] = await outcomes(first);
    const read = await inject(t, first, "POST", "/api/activity/read", {
      groupType: "REPORT_OUTCOME",
      postId: null,
      actionId: group?.reportOutcome.actionId,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unread(first)).toBe(0);
    expect((await outcomes(first))[0]?.unread).toBe(false);
    expect(await unread(blocker)).toBe(1);
  });

  it("says a restriction or suspension as an action on the account, and a dismissal as no rule broken", async () => {
    const author = await createAccount(t, { label: "account" });
    const reporter = await createAccount(t, { label: "reporter" });
    await report(reporter, { targetType: "profile", targetId: author.userId, reason: "spam" });
    await act({
      targetType: "profile",
      targetId: author.userId,
      action: "restrict",
      rule: "spam",
      reason: "Read-only for a while",
      days: 3,
    });
    const post = await publish(t, reporter, "A harmless post by the reporter's friend");
    const friend = await createAccount(t, { label: "friend" });
    const friendPost = await publish(t, friend, "Harmless");
    await report(reporter, {
      targetType: "post",
      targetId: friendPost.id,
      reason: "other",
      details: "Hmm",
    });
    await act({ targetType: "post", targetId: friendPost.id, action: "dismiss", reason: "Fine" });
    const comment = (
      await inject(t, friend, "POST", `/api/posts/${post.id}/comments`, { content: "Mean" })
    ).json().comment as { id: string };
    await report(reporter, { targetType: "comment", targetId: comment.id, reason: "harassment" });
    await act({
      targetType: "comment",
      targetId: comment.id,
      action: "suspend",
      rule: "harassment",
      reason: "Harassment, again",
    });
    const told = (await outcomes(reporter)).map((g) => [
      g.reportOutcome.targetType,
      g.reportOutcome.outcome,
      g.reportOutcome.note,
    ]);
    expect(told).toEqual([
      ["comment", "actioned", null],
      ["post", "dismissed", null],
      ["profile", "actioned", null],
    ]);
  });

  it("tells nothing twice, nothing for a restore, and nothing to a deleted reporter", async () => {
    const author = await createAccount(t, { label: "twice" });
    const reporter = await createAccount(t, { label: "once" });
    const gone = await createAccount(t, { label: "gone" });
    const post = await publish(t, author, "Reported twice");
    await report(reporter, { targetType: "post", targetId: post.id, reason: "spam" });
    await report(gone, { targetType: "post", targetId: post.id, reason: "spam" });
    await queryRows(t.database.db, sql`delete from users where id = ${gone.userId}`);
    const removal = {
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "Spam",
    };
    await act(removal);
    // Sent again (a retried request): the reports are closed already, so no one is told again.
    await act(removal);
    await act({ targetType: "post", targetId: post.id, action: "restore", reason: "Not spam" });
    expect((await outcomes(reporter)).map((g) => g.reportOutcome.outcome)).toEqual(["removed"]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_activity where type = 'REPORT_OUTCOME'
        and action_id in (select id from moderation_actions where target_id = ${post.id})`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
