// The notification settings (docs/notifications.md "Kinds and channels"): the switches saved and
// checked, locked ones refused, quiet hours validated, and one-click unsubscribe (RFC 8058): a POST
// with a signed link turns the e-mails off without a session, a GET changes nothing, a forged link
// is refused. The mailed link is the page /unsubscribe/:token; /api/unsubscribe/:token answers
// JSON, and sends a browser that opens a link mailed before to the page.
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_MATRIX,
  DIGEST_KINDS,
  type NotificationSettings,
} from "../../../domain/contracts/notification-settings";
import { queryRows } from "../../db/client";
import { unsubscribeToken } from "../../infra/unsubscribe-link";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_SECRET: "a-test-session-secret-of-enough-length-1234" });
});
afterAll(() => t.close());

const PATH = "/api/account/notifications";
const settingsOf = async (who: TestAccount): Promise<NotificationSettings> =>
  (await inject(t, who, "GET", PATH)).json();
const FRESH: NotificationSettings = {
  matrix: DEFAULT_MATRIX,
  messagePreviews: false,
  quietHours: null,
  filterNewAccounts: false,
};
/** Whether each kind is e-mailed. */
const emailed = async (who: TestAccount) =>
  Object.fromEntries(
    Object.entries((await settingsOf(who)).matrix).map(([kind, cells]) => [kind, cells.email]),
  );

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: "List-Unsubscribe=One-Click",
  });

describe("the settings", () => {
  it("start as a careful default, and each change is saved and kept alone", async () => {
    const ann = await createAccount(t);
    expect(await settingsOf(ann)).toEqual(FRESH);
    expect(FRESH.matrix.like).toEqual({ app: true, push: false, email: false });
    expect(FRESH.matrix.message).toEqual({ app: true, push: true, email: true });
    const off = await inject(t, ann, "PATCH", PATH, { matrix: { comment: { email: false } } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().matrix.comment).toEqual({ app: true, push: true, email: false });
    await inject(t, ann, "PATCH", PATH, {
      matrix: { like: { push: true, app: false } },
      messagePreviews: true,
      quietHours: { start: "22:30", end: "06:45", timeZone: "Europe/Berlin" },
    });
    const now = await settingsOf(ann);
    expect(now.matrix.comment.email).toBe(false);
    expect(now.matrix.like).toEqual({ app: false, push: true, email: false });
    expect(now.messagePreviews).toBe(true);
    expect(now.quietHours).toEqual({ start: "22:30", end: "06:45", timeZone: "Europe/Berlin" });
    await inject(t, ann, "PATCH", PATH, { quietHours: null });
    expect((await settingsOf(ann)).quietHours).toBeNull();
    expect((await settingsOf(ann)).messagePreviews).toBe(true);
  });

  it("keep the locked switches on: turning one off is 400 naming it, and changes nothing", async () => {
    const bo = await createAccount(t);
    const res = await inject(t, bo, "PATCH", PATH, {
      matrix: { like: { push: true }, moderation: { email: false } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      "matrix.moderation.email": [
        "A moderator's decision about your account is always e-mailed to you.",
      ],
    });
    expect(await settingsOf(bo)).toEqual(FRESH);
    const on = await inject(t, bo, "PATCH", PATH, { matrix: { message: { app: true } } });
    expect(on.statusCode).toBe(200);
  });

  it("refuse a body that is empty, unknown, not a boolean or bad quiet hours, and change nothing", async () => {
    const cy = await createAccount(t);
    for (const body of [
      {},
      { weekly: true },
      { matrix: { like: { fax: true } } },
      { matrix: { gossip: { push: true } } },
      { matrix: { like: { push: "yes" } } },
      { messagePreviews: null },
      { quietHours: { start: "22:00", end: "22:00", timeZone: "UTC" } },
      { quietHours: { start: "24:00", end: "07:00", timeZone: "UTC" } },
      { quietHours: { start: "22:00", end: "07:00", timeZone: "Mars/Olympus" } },
      { quietHours: { start: "22:00", end: "07:00" } },
    ]) {
      const res = await inject(t, cy, "PATCH", PATH, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("validation_error");
    }
    expect(await settingsOf(cy)).toEqual(FRESH);
    expect((await inject(t, null, "GET", PATH)).statusCode).toBe(401);
    const anonymous = await inject(t, null, "PATCH", PATH, { messagePreviews: true });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("message notices", () => {
  it("carry the unsubscribe headers and link, and one click turns the notices off", async () => {
    const [from, to] = await Promise.all([
      createAccount(t, { fullName: "Writer" }),
      createAccount(t, { fullName: "Reader" }),
    ]);
    const opened = await inject(t, from, "POST", "/api/mail/threads/direct", { userId: to.userId });
    await inject(t, from, "POST", `/api/mail/threads/${opened.json().thread.id}/messages`, {
      body: "hello",
    });
    await until(() => t.mailbox.latestTo(to.email) !== undefined);
    const mail = await simpleParser(t.mailbox.latestTo(to.email)?.raw ?? "");
    expect(mail.subject).toBe("New message from Writer");
    const raw = t.mailbox.latestTo(to.email)?.raw ?? "";
    const line = raw.match(/^List-Unsubscribe: (.*)$/m)?.[1];
    expect(line).toMatch(
      /^<http:\/\/localhost:3000\/settings\/unsubscribe\/messages\.[\w-]+\.[\w-]+>$/,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = new URL(line?.slice(1, -1) ?? "");
    // A mail parser reads the header as RFC 2369 means it.
    const list = mail.headers.get("list") as { unsubscribe?: { url?: string } } | undefined;
    expect(list?.unsubscribe?.url).toBe(url.href);
    expect(mail.text).toContain(url.href);
    expect(mail.html).toContain(url.href);

    const res = await oneClick(url.pathname);
    expect(res.statusCode, res.body).toBe(200);
    expect((await settingsOf(to)).matrix.message.email).toBe(false);
    expect((await settingsOf(to)).matrix.follow.email).toBe(true);
  });
});

describe("the unsubscribe page", () => {
  const tokenFor = (who: TestAccount, kind: "digest" | "messages") =>
    unsubscribeToken(
      { secret: "a-test-session-secret-of-enough-length-1234" },
      { userId: who.userId, kind },
    );
  const pageFor = (who: TestAccount, kind: "digest" | "messages") =>
    `/settings/unsubscribe/${tokenFor(who, kind)}`;

  it("GET shows the question and a button that POSTs to the page, and changes nothing", async () => {
    const dee = await createAccount(t);
    const page = await t.app.inject({ method: "GET", url: pageFor(dee, "digest") });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Unsubscribe from daily digest e-mails?");
    expect(page.body).toContain(`<form method="post" action="${pageFor(dee, "digest")}">`);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await settingsOf(dee)).toEqual(FRESH);
  });

  it("takes a mail client's one-click POST, as a form or multipart form data (RFC 8058)", async () => {
    const [gus, hal] = await Promise.all([createAccount(t), createAccount(t)]);
    const form = await oneClick(pageFor(hal, "messages"));
    expect(form.statusCode, form.body).toBe(200);
    expect((await settingsOf(hal)).matrix.message.email).toBe(false);
    const boundary = "----one-click";
    const res = await t.app.inject({
      method: "POST",
      url: pageFor(gus, "messages"),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await settingsOf(gus)).matrix.message.email).toBe(false);
  });

  it("the page's form turns the digest off and says so, with a link to Settings", async () => {
    const eve = await createAccount(t);
    const res = await oneClick(pageFor(eve, "digest"), {
      accept: "text/html,application/xhtml+xml",
      origin: "http://localhost:3000",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("You won&#39;t get these e-mails any more");
    expect(res.body).toContain('href="/settings"');
    const after = await emailed(eve);
    for (const kind of DIGEST_KINDS) expect(after[kind], kind).toBe(false);
    expect(after.message).toBe(true);
    expect(after.moderation).toBe(true);
  });

  it("says a forged, altered or unknown person's link does not work, with 400, changing nothing", async () => {
    const fay = await createAccount(t);
    for (const token of badTokens(fay)) {
      const page = await t.app.inject({ method: "GET", url: `/settings/unsubscribe/${token}` });
      expect(page.statusCode, token).toBe(400);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("This link does not work");
      const posted = await oneClick(`/settings/unsubscribe/${token}`, { accept: "text/html" });
      expect(posted.statusCode).toBe(400);
      expect(posted.body).toContain("This link does not work");
    }
    await expectUntouched(fay);
  });

  /** The right person's link signed with another secret, of another kind, of nobody, broken. */
  function badTokens(who: TestAccount): string[] {
    const good = tokenFor(who, "messages");
    return [
      unsubscribeToken(
        { secret: "someone-else's-secret" },
        { userId: who.userId, kind: "messages" },
      ),
      good.replace("messages.", "digest."),
      unsubscribeToken(
        { secret: "a-test-session-secret-of-enough-length-1234" },
        { userId: "nobody-at-all", kind: "messages" },
      ),
      "nonsense",
      `${good}x`,
    ];
  }

  async function expectUntouched(who: TestAccount) {
    expect(await settingsOf(who)).toEqual(FRESH);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notification_choices where user_id = ${who.userId}`,
    );
    expect(row?.n).toBe(0);
  }

  describe("the API route of links mailed before", () => {
    const apiFor = (who: TestAccount, kind: "digest" | "messages") =>
      `/api/unsubscribe/${tokenFor(who, kind)}`;

    it("sends a browser that opens one to the page, changing nothing", async () => {
      const ida = await createAccount(t);
      const res = await t.app.inject({
        method: "GET",
        url: apiFor(ida, "digest"),
        headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(pageFor(ida, "digest"));
      await expectUntouched(ida);
    });

    it("answers an API client in JSON: what the link stops, then the one-click POST", async () => {
      const jo = await createAccount(t);
      const read = await t.app.inject({ method: "GET", url: apiFor(jo, "messages") });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ kind: "messages" });
      expect((await settingsOf(jo)).matrix.message.email).toBe(true);
      const res = await oneClick(apiFor(jo, "messages"));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ unsubscribed: "messages" });
      expect((await settingsOf(jo)).matrix.message.email).toBe(false);
    });

    it("refuses a bad link in the error shape, GET and POST alike, changing nothing", async () => {
      const kay = await createAccount(t);
      for (const token of badTokens(kay)) {
        for (const res of [
          await t.app.inject({ method: "GET", url: `/api/unsubscribe/${token}` }),
          await oneClick(`/api/unsubscribe/${token}`),
        ]) {
          expect(res.statusCode, token).toBe(400);
          expect(res.json()).toEqual({
            error: {
              code: "validation_error",
              message:
                "This unsubscribe link is not valid. Choose which e-mails you get in Settings instead.",
              requestId: res.headers["x-request-id"],
            },
          });
        }
      }
      await expectUntouched(kay);
    });
  });
});
