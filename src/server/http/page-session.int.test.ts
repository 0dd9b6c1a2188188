// Every HTML page says who is signed in, as GET /api/auth/session would answer, so the app's first
// render does not wait for that call (docs/architecture.md "Web app pages"); the installed app's
// shell says it of no one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_SHELL_PATH } from "../../domain/app-shell";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";

function jsonBlock(html: string, id: string): unknown {
  const open = `<script type="application/json" id="${id}">`;
  const start = html.indexOf(open);
  if (start < 0) return undefined;
  const text = html.slice(start + open.length);
  return JSON.parse(text.slice(0, text.indexOf("</script>")));
}

const sessionBlock = (html: string) => jsonBlock(html, "session");

let t: TestApp;
let ada: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t);
});
afterAll(async () => {
  await t.close();
});

describe("the session block of an HTML page", () => {
  it.each(["/", "/mail", "/no-such-person-here"])(
    "%s says nobody to a visitor, and the page may be kept by no one but revalidated",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(sessionBlock(res.body)).toEqual({ user: null });
      expect(jsonBlock(res.body, "header-state")).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );

  it.each(["/", "/search", "/settings"])(
    "%s names the signed-in person as the session call does, and is private",
    async (url) => {
      const session = await t.app.inject({
        method: "GET",
        url: "/api/auth/session",
        headers: { cookie: ada.cookie },
      });
      const expected = session.json();
      expect(expected.user.id).toBe(ada.userId);
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: ada.cookie } });
      expect(sessionBlock(res.body)).toEqual(expected);
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    },
  );

  it("carries what the signed-in header shows, as its four API calls answer", async () => {
    const api = async (url: string) =>
      (await t.app.inject({ method: "GET", url, headers: { cookie: ada.cookie } })).json();
    const res = await t.app.inject({
      method: "GET",
      url: "/about",
      headers: { cookie: ada.cookie },
    });
    expect(jsonBlock(res.body, "header-state")).toEqual({
      standing: await api("/api/safety/standing"),
      unreadActivity: await api("/api/activity/unread-count"),
      unreadMail: await api("/api/mail/unread-count"),
      mine: await api("/api/usernames/mine"),
    });
  });

  it("says nobody for a cookie that is no session", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `${ada.cookie.split("=")[0]}=forged.value` },
    });
    expect(sessionBlock(res.body)).toEqual({ user: null });
  });
});

describe('the installed app\'s shell (docs/notifications.md "Installable app")', () => {
  it("is the same page for a visitor and a signed-in person: the site settings, no one's session", async () => {
    const visitor = await t.app.inject({ method: "GET", url: APP_SHELL_PATH });
    const signedIn = await t.app.inject({
      method: "GET",
      url: APP_SHELL_PATH,
      headers: { cookie: ada.cookie },
    });
    for (const res of [visitor, signedIn]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(jsonBlock(res.body, "site-config")).toMatchObject({ siteName: "chtcht" });
      expect(sessionBlock(res.body)).toBeUndefined();
      expect(jsonBlock(res.body, "header-state")).toBeUndefined();
      expect(res.body).not.toContain(ada.userId);
      expect(res.body).not.toContain(ada.email);
    }
    expect(signedIn.body).toBe(visitor.body);
  });
});
