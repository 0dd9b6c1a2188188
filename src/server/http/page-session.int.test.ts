// Every HTML page says who is signed in, as GET /api/auth/session would answer, so the app's first
// render does not wait for that call (docs/architecture.md "Web app pages").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";

const BLOCK = '<script type="application/json" id="session">';

function sessionBlock(html: string): unknown {
  const start = html.indexOf(BLOCK);
  expect(start).toBeGreaterThanOrEqual(0);
  const text = html.slice(start + BLOCK.length);
  return JSON.parse(text.slice(0, text.indexOf("</script>")));
}

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

  it("says nobody for a cookie that is no session", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `${ada.cookie.split("=")[0]}=forged.value` },
    });
    expect(sessionBlock(res.body)).toEqual({ user: null });
  });
});
