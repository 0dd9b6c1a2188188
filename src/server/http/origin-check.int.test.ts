// The cross-site check on state-changing API calls (http/origin-check.ts): Origin when a browser
// sends it, else the origin of Referer (OWASP CSRF cheat sheet, "Verifying origin with standard
// headers"); a call with neither, as servers and command-line clients send, is let through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Logs `who` out with these headers; whether the session outlived it. */
async function logout(who: TestAccount, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/logout",
    headers: { cookie: who.cookie, ...headers },
  });
  const feed = await t.app.inject({
    method: "GET",
    url: "/api/feed",
    headers: { cookie: who.cookie },
  });
  return { res, signedIn: feed.statusCode === 200 };
}

describe("a state change without Origin", () => {
  it.each([
    ["another site", "https://evil.example/page"],
    ["another port of our host", "http://localhost:4000/"],
    ["a value that is no address", "not a url"],
  ])(
    "whose Referer is %s is refused with 403 as a bad Origin is, changing nothing",
    async (_label, referer) => {
      const who = await createAccount(t);
      const { res, signedIn } = await logout(who, { referer });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: "forbidden",
          message: "Cross-origin request refused.",
          requestId: res.headers["x-request-id"],
        },
      });
      expect(signedIn).toBe(true);
    },
  );

  it("whose Referer is a page of ours is served", async () => {
    const who = await createAccount(t);
    const { res, signedIn } = await logout(who, { referer: `${t.config.publicUrl}/settings` });
    expect(res.statusCode).toBe(200);
    expect(signedIn).toBe(false);
  });

  it("with no Referer either is served, as a server or a command-line client sends it", async () => {
    const who = await createAccount(t);
    const { res, signedIn } = await logout(who, {});
    expect(res.statusCode).toBe(200);
    expect(signedIn).toBe(false);
  });
});

describe("a state change with Origin", () => {
  it("is judged by its Origin, whatever its Referer", async () => {
    const ours = await createAccount(t);
    const kept = await logout(ours, {
      origin: t.config.publicUrl,
      referer: "https://evil.example/",
    });
    expect(kept.res.statusCode).toBe(200);
    const theirs = await createAccount(t);
    const refused = await logout(theirs, {
      origin: "https://evil.example",
      referer: `${t.config.publicUrl}/`,
    });
    expect(refused.res.statusCode).toBe(403);
    expect(refused.signedIn).toBe(true);
  });
});
