// 'E-mails from us' (docs/accounts.md): the switches saved and checked, the Mail page's old route
// reading the same message switch, and one-click unsubscribe (RFC 8058): a POST with a signed link
// turns the switch off without a session, a GET changes nothing, a forged link is refused. The
// mailed link is the page /unsubscribe/:token; /api/unsubscribe/:token answers JSON, and sends a
// browser that opens a link mailed before to the page.
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const prefsOf = async (who: TestAccount) =>
  (await inject(t, who, "GET", "/api/account/email-preferences")).json();

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

describe("the switches", () => {
  it("are all on at first, and each change is saved and kept alone", async () => {
    const ann = await createAccount(t);
    expect(await prefsOf(ann)).toEqual({ newFollowers: true, postActivity: true, messages: true });
    const off = await inject(t, ann, "PATCH", "/api/account/email-preferences", {
      postActivity: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ newFollowers: true, postActivity: false, messages: true });
    await inject(t, ann, "PATCH", "/api/account/email-preferences", { messages: false });
    expect(await prefsOf(ann)).toEqual({
      newFollowers: true,
      postActivity: false,
      messages: false,
    });
  });

  it("share the message switch with the Mail page's older route", async () => {
    const bo = await createAccount(t);
    await inject(t, bo, "PATCH", "/api/account/email-preferences", { messages: false });
    expect((await inject(t, bo, "GET", "/api/mail/settings")).json()).toEqual({
      emailNotifications: false,
    });
    await inject(t, bo, "PUT", "/api/mail/settings", { emailNotifications: true });
    expect((await prefsOf(bo)).messages).toBe(true);
  });

  it("refuse a body that is empty, unknown or not a boolean, and change nothing", async () => {
    const cy = await createAccount(t);
    for (const body of [{}, { weekly: true }, { messages: "no" }, { newFollowers: null }]) {
      const res = await inject(t, cy, "PATCH", "/api/account/email-preferences", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("validation_error");
    }
    expect(await prefsOf(cy)).toEqual({ newFollowers: true, postActivity: true, messages: true });
    expect((await inject(t, null, "GET", "/api/account/email-preferences")).statusCode).toBe(401);
    const anonymous = await inject(t, null, "PATCH", "/api/account/email-preferences", {
      messages: false,
    });
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
    expect(await prefsOf(to)).toEqual({ newFollowers: true, postActivity: true, messages: false });
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
    expect(await prefsOf(dee)).toEqual({ newFollowers: true, postActivity: true, messages: true });
  });

  it("takes a mail client's one-click POST, as a form or multipart form data (RFC 8058)", async () => {
    const [gus, hal] = await Promise.all([createAccount(t), createAccount(t)]);
    const form = await oneClick(pageFor(hal, "messages"));
    expect(form.statusCode, form.body).toBe(200);
    expect((await prefsOf(hal)).messages).toBe(false);
    const boundary = "----one-click";
    const res = await t.app.inject({
      method: "POST",
      url: pageFor(gus, "messages"),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await prefsOf(gus)).messages).toBe(false);
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
    expect(await prefsOf(eve)).toEqual({
      newFollowers: false,
      postActivity: false,
      messages: true,
    });
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
    expect(await prefsOf(who)).toEqual({ newFollowers: true, postActivity: true, messages: true });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_preferences where user_id = ${who.userId}`,
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
      expect((await prefsOf(jo)).messages).toBe(true);
      const res = await oneClick(apiFor(jo, "messages"));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ unsubscribed: "messages" });
      expect((await prefsOf(jo)).messages).toBe(false);
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
