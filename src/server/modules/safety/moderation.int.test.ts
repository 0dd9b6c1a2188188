// Reports and moderation with real consequences (docs/safety.md): the queue exists only for
// moderators (ADMIN_EMAILS, or granted by an admin); remove and restore content; restrict to
// read-only; suspend (signed out, cannot sign in, hidden); every action audited and told.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

const ADMIN = "chief.moderator@example.com";
let t: TestApp;
let admin: TestAccount;
let reporter: TestAccount;
let author: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} , other@example.com` });
  admin = await createAccount(t, { email: ADMIN });
  reporter = await createAccount(t, { label: "reporter" });
  author = await createAccount(t, { label: "author", fullName: "Arnold Author" });
});
afterAll(async () => {
  await t.close();
});

const report = (who: TestAccount, body: object) => inject(t, who, "POST", "/api/reports", body);
const act = (who: TestAccount, body: object) => inject(t, who, "POST", "/api/admin/actions", body);
const queue = async (status = "open") =>
  (await inject(t, admin, "GET", `/api/admin/reports?status=${status}`)).json().items as {
    targetType: string;
    targetId: string;
    reportCount: number;
    reasons: { reason: string; count: number }[];
    content: { text: string; removed: boolean } | null;
  }[];

describe("reporting", () => {
  it("refuses bad reports and takes good ones, blocking in the same step when asked", async () => {
    const post = await publish(t, author, "Buy my pills");
    expect(
      (await report(reporter, { targetType: "post", targetId: post.id, reason: "rude" }))
        .statusCode,
    ).toBe(400);
    const other = await report(reporter, {
      targetType: "post",
      targetId: post.id,
      reason: "other",
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.details).toEqual(["Tell us what is wrong."]);
    expect(
      (await report(author, { targetType: "post", targetId: post.id, reason: "spam" })).statusCode,
    ).toBe(400);
    expect(
      (await report(reporter, { targetType: "post", targetId: "nope", reason: "spam" })).statusCode,
    ).toBe(404);

    const first = await report(reporter, { targetType: "post", targetId: post.id, reason: "spam" });
    expect(first.statusCode).toBe(201);
    const second = await createAccount(t, { label: "second" });
    const withBlock = await report(second, {
      targetType: "post",
      targetId: post.id,
      reason: "other",
      details: "Scam links",
      alsoBlock: true,
    });
    expect(withBlock.json()).toMatchObject({ blocked: true });
    expect(
      (await inject(t, second, "GET", `/api/safety/relations/${author.userId}`)).json().blocking,
    ).toBe(true);

    const group = (await queue()).find((g) => g.targetId === post.id);
    expect(group).toMatchObject({
      targetType: "post",
      reportCount: 2,
      content: { text: "Buy my pills", removed: false },
    });
    expect(group?.reasons).toEqual(
      expect.arrayContaining([
        { reason: "spam", count: 1 },
        { reason: "other", count: 1 },
      ]),
    );
  });

  it("takes a report of a message only from a member of its thread", async () => {
    const thread = (
      await inject(t, author, "POST", "/api/mail/threads/direct", { userId: reporter.userId })
    ).json().thread;
    const sent = await inject(t, author, "POST", `/api/mail/threads/${thread.id}/messages`, {
      subject: "hi",
      body: "nasty words",
    });
    const messageId = sent.json().message.id;
    const outsider = await createAccount(t, { label: "outsider" });
    expect(
      (await report(outsider, { targetType: "message", targetId: messageId, reason: "harassment" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await report(reporter, { targetType: "message", targetId: messageId, reason: "harassment" }))
        .statusCode,
    ).toBe(201);
    await act(admin, {
      targetType: "message",
      targetId: messageId,
      action: "remove",
      rule: "harassment",
      reason: "Harassment",
    });
    const messages = (
      await inject(t, reporter, "GET", `/api/mail/threads/${thread.id}/messages`)
    ).json().items;
    expect(messages[0]).toMatchObject({
      body: "This message was removed by a moderator.",
      subject: null,
    });
  });
});

describe("the queue is for moderators only", () => {
  it("answers 404 to everyone else, before reading any body", async () => {
    for (const [method, url] of [
      ["GET", "/api/admin/reports"],
      ["GET", "/api/admin/audit"],
      ["POST", "/api/admin/actions"],
      ["POST", "/api/admin/moderators"],
    ] as const) {
      const res = await inject(
        t,
        reporter,
        method,
        url,
        method === "POST" ? { bad: true } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await inject(t, null, "GET", "/api/admin/reports")).statusCode).toBe(401);
    expect((await inject(t, admin, "GET", "/api/safety/standing")).json()).toMatchObject({
      moderator: true,
      admin: true,
    });
    expect((await inject(t, reporter, "GET", "/api/safety/standing")).json().moderator).toBe(false);
  });

  it("lets an admin grant the role; a granted moderator cannot grant it on", async () => {
    const helper = await createAccount(t, { label: "helper" });
    expect(
      (await inject(t, admin, "POST", "/api/admin/moderators", { email: helper.email })).statusCode,
    ).toBe(200);
    expect((await inject(t, helper, "GET", "/api/admin/reports")).statusCode).toBe(200);
    expect((await inject(t, helper, "GET", "/api/safety/standing")).json()).toMatchObject({
      moderator: true,
      admin: false,
    });
    expect(
      (await inject(t, helper, "POST", "/api/admin/moderators", { email: reporter.email }))
        .statusCode,
    ).toBe(404);
  });
});

describe("actions", () => {
  it("removes a post for everyone, tells its author, and restores it", async () => {
    const fan = await createAccount(t, { label: "fan" });
    await follow(t, fan, author);
    const post = await publish(t, author, "Offensive post");
    const timelinesWith = async () =>
      (
        await queryRows<{ reader_id: string }>(
          t.database.db,
          sql`select reader_id from home_timelines where post_id = ${post.id} order by reader_id`,
        )
      ).map((row) => row.reader_id);
    expect(await timelinesWith()).toEqual([author.userId, fan.userId].sort());
    await report(reporter, { targetType: "post", targetId: post.id, reason: "harassment" });
    const removed = await act(admin, {
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "harassment",
      reason: "Harassment",
    });
    expect(removed.statusCode).toBe(200);
    expect((await inject(t, reporter, "GET", `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(await timelinesWith()).toEqual([]);
    expect((await queue()).some((g) => g.targetId === post.id)).toBe(false);
    expect((await queue("closed")).find((g) => g.targetId === post.id)?.content?.removed).toBe(
      true,
    );
    const standing = (await inject(t, author, "GET", "/api/safety/standing")).json();
    expect(standing.notices.at(-1).text).toBe("A moderator removed your post. Reason: Harassment");
    expect(t.mailbox.latestTo(author.email)?.raw).toContain("A moderator removed your post");
    const noticeId = standing.notices.at(-1).id;
    expect(
      (await inject(t, author, "POST", `/api/safety/notices/${noticeId}/seen`)).statusCode,
    ).toBe(204);

    await act(admin, {
      targetType: "post",
      targetId: post.id,
      action: "restore",
      reason: "Appeal accepted",
    });
    expect((await inject(t, reporter, "GET", `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(await timelinesWith()).toEqual([author.userId, fan.userId].sort());
  });

  it("removes a comment (its count follows) and restores it with its text", async () => {
    const post = await publish(t, reporter, "A post");
    const comment = (
      await inject(t, author, "POST", `/api/posts/${post.id}/comments`, { content: "mean comment" })
    ).json().comment;
    await act(admin, {
      targetType: "comment",
      targetId: comment.id,
      action: "remove",
      rule: "harassment",
      reason: "Mean",
    });
    const after = (await inject(t, reporter, "GET", `/api/posts/${post.id}/comments`)).json().items;
    expect(after[0]).toMatchObject({ deleted: true, content: "" });
    expect(
      (await inject(t, reporter, "GET", `/api/posts/${post.id}`)).json().post.commentsCount,
    ).toBe(0);
    await act(admin, {
      targetType: "comment",
      targetId: comment.id,
      action: "restore",
      reason: "Fine after all",
    });
    const restored = (await inject(t, reporter, "GET", `/api/posts/${post.id}/comments`)).json()
      .items;
    expect(restored[0]).toMatchObject({ deleted: false, content: "mean comment" });
  });

  it("restricts to read-only with a clear 403, then restores", async () => {
    const restricted = await createAccount(t, { label: "restricted" });
    const post = await publish(t, reporter, "Reply here");
    await act(admin, {
      targetType: "profile",
      targetId: restricted.userId,
      action: "restrict",
      rule: "spam",
      reason: "Spam",
      days: 3,
    });
    const attempts = [
      inject(t, restricted, "POST", "/api/posts", { content: "still here" }),
      inject(t, restricted, "POST", `/api/posts/${post.id}/comments`, { content: "hi" }),
      inject(t, restricted, "POST", "/api/follows/toggle", { targetUserId: reporter.userId }),
      inject(t, restricted, "POST", "/api/mail/send", {
        to: `${reporter.handle}@chtcht.local`,
        subject: "",
        body: "hi",
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({
        code: "restricted",
        message: expect.stringMatching(
          /^Your account is restricted until .+\. You can read, but not post, comment, message or follow\.$/,
        ),
      });
    }
    expect((await inject(t, restricted, "GET", "/api/feed")).statusCode).toBe(200);
    expect((await inject(t, restricted, "POST", `/api/posts/${post.id}/like`)).statusCode).toBe(
      200,
    );
    expect(
      (await inject(t, restricted, "GET", "/api/safety/standing")).json().restrictedUntil,
    ).not.toBeNull();

    await act(admin, {
      targetType: "profile",
      targetId: restricted.userId,
      action: "restore",
      reason: "Lifted",
    });
    expect(
      (await inject(t, restricted, "POST", "/api/posts", { content: "back" })).statusCode,
    ).toBe(201);
  });

  it("suspends: signed out everywhere, cannot sign in, hidden with everything they wrote", async () => {
    const suspended = await createAccount(t, { label: "suspended", fullName: "Sid Suspended" });
    await follow(t, reporter, suspended);
    const post = await publish(t, suspended, "Sid posts");
    await act(admin, {
      targetType: "profile",
      targetId: suspended.userId,
      action: "suspend",
      rule: "impersonation",
      reason: "Ban evasion",
    });
    expect((await inject(t, suspended, "GET", "/api/auth/session")).json().user).toBeNull();
    expect((await inject(t, suspended, "GET", "/api/feed")).statusCode).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: suspended.email, password: suspended.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatchObject({
      code: "suspended",
      message: "This account has been suspended.",
    });
    expect(login.headers["set-cookie"]).toBeUndefined();
    expect((await inject(t, reporter, "GET", `/api/profiles/${suspended.handle}`)).statusCode).toBe(
      404,
    );
    expect((await inject(t, reporter, "GET", `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(
      (await inject(t, reporter, "GET", "/api/feed")).json().items.map((p: { id: string }) => p.id),
    ).not.toContain(post.id);
    const found = (await inject(t, reporter, "GET", "/api/search/people?q=Sid")).json().items;
    expect(found.map((p: { userId: string }) => p.userId)).not.toContain(suspended.userId);

    await act(admin, {
      targetType: "profile",
      targetId: suspended.userId,
      action: "restore",
      reason: "Appeal",
    });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: suspended.email, password: suspended.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await inject(t, reporter, "GET", `/api/profiles/${suspended.handle}`)).statusCode).toBe(
      200,
    );
  });

  it("writes every action to the audit log with who, what, why and when", async () => {
    const log = (await inject(t, admin, "GET", "/api/admin/audit?limit=100")).json().items as {
      action: string;
      reason: string;
      moderator: { userId: string };
    }[];
    const actions = log.map((e) => e.action);
    for (const action of ["remove", "restore", "restrict", "suspend", "grant_moderator"])
      expect(actions).toContain(action);
    expect(log.find((e) => e.action === "suspend")).toMatchObject({
      reason: "Ban evasion",
      moderator: { userId: admin.userId },
    });
  });

  it("asks the rule of a removal, restriction or suspension, and of nothing else", async () => {
    const post = await publish(t, author, "Rule needed");
    for (const action of ["remove", "restrict", "suspend"]) {
      const res = await act(admin, {
        targetType: "post",
        targetId: post.id,
        action,
        reason: "No rule named",
      });
      expect(res.statusCode, action).toBe(400);
      expect(res.json().error.fields.rule).toEqual(["Choose the rule this action enforces."]);
    }
    expect((await inject(t, reporter, "GET", `/api/posts/${post.id}`)).statusCode).toBe(200);
    const dismissed = await act(admin, {
      targetType: "post",
      targetId: post.id,
      action: "dismiss",
      reason: "Fine",
    });
    expect(dismissed.statusCode).toBe(200);
    const removed = await act(admin, {
      targetType: "post",
      targetId: post.id,
      action: "remove",
      rule: "spam",
      reason: "Spam after all",
    });
    expect(removed.statusCode).toBe(200);
    const [row] = await queryRows<{ rule: string | null }>(
      t.database.db,
      sql`select rule from moderation_actions where target_id = ${post.id} and action = 'remove'`,
    );
    expect(row?.rule).toBe("spam");
  });

  it("refuses a moderator acting on their own account and a profile removal", async () => {
    expect(
      (
        await act(admin, {
          targetType: "profile",
          targetId: admin.userId,
          action: "suspend",
          rule: "impersonation",
          reason: "x",
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await act(admin, {
          targetType: "profile",
          targetId: author.userId,
          action: "remove",
          rule: "harassment",
          reason: "x",
        })
      ).statusCode,
    ).toBe(400);
  });
});
