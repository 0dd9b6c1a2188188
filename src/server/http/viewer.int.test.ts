// The viewer is resolved once per request, and routes that need an account answer 401 before
// they parse or validate anything (docs/architecture.md "Request path").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let ada: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t);
});
afterAll(async () => {
  await t.close();
});

const postId = "00000000-0000-4000-8000-000000000000";
const signedInRoutes: [string, string, unknown][] = [
  ["PUT", "/api/profiles/someone", { fullName: 42 }],
  ["POST", "/api/posts", { content: "" }],
  ["PATCH", `/api/posts/${postId}`, { content: 7 }],
  ["POST", `/api/posts/${postId}/comments`, { content: "" }],
  ["POST", "/api/follows/toggle", {}],
  ["PUT", "/api/account/privacy", { privateAccount: "yes" }],
  ["GET", "/api/follow-requests?limit=9999", undefined],
  ["GET", "/api/feed?limit=9999", undefined],
  ["POST", "/api/activity/read", { groupType: "NOPE" }],
];

describe("signed-in routes", () => {
  it.each(signedInRoutes)(
    "%s %s answers a visitor's bad request with 401, not 400",
    async (method, url, payload) => {
      const res = await t.app.inject({
        method: method as "GET",
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    },
  );

  it("answers a visitor's malformed JSON with 401 too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/follows/toggle",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(401);
  });

  it("still validates a signed-in request (400 with the field named)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/follows/toggle",
      headers: { cookie: ada.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("targetUserId");
  });

  it("treats an unknown session cookie as a visitor", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/feed",
      headers: { cookie: `${ada.cookie.split("=")[0]}=forged.value` },
    });
    expect(res.statusCode).toBe(401);
  });
});
