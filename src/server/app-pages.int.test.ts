// Every route of the route tables of spec-1 §2 and spec-2 §2 answers 200 with its own <title>;
// unknown addresses, profiles and posts answer 404 with theirs (src/server/app-pages.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_DATA_ELEMENT_ID } from "../domain/page-blocks";
import { createAccount, type TestAccount } from "./test-support/accounts";
import { publish } from "./test-support/social";
import { createTestApp, type TestApp } from "./test-support/test-app";

let t: TestApp;
let ada: TestAccount;
let postPath: string;
let postId: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t, { label: "pages", fullName: "Ada Pages" });
  ({ path: postPath, id: postId } = await publish(t, ada, "Routes answer honestly"));
});
afterAll(async () => {
  await t.close();
});

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function page(url: string, signedIn = false) {
  const res = await t.app.inject({
    method: "GET",
    url,
    headers: signedIn ? { cookie: ada.cookie } : {},
  });
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  return { status: res.statusCode, title: titleOf(res.body) };
}

describe("the routes of spec-1 §2 and spec-2 §2", () => {
  const routes: [string, () => string, string][] = [
    ["/", () => "/", "chtcht"],
    ["/signup", () => "/signup?tab=register", "Sign in · chtcht"],
    [
      "/auth/callback",
      () => "/auth/callback?token_hash=x&type=signup",
      "Email confirmation · chtcht",
    ],
    ["/policies", () => "/policies", "Policies · chtcht"],
    ["/about", () => "/about", "About · chtcht"],
    ["/transparency", () => "/transparency?year=2025", "Transparency report · chtcht"],
    ["/mail", () => "/mail?thread=x", "Mail · chtcht"],
    ["/activity", () => "/activity", "Activity · chtcht"],
    ["/search", () => "/search", "Search · chtcht"],
    ["/checkout-success/{session_id}", () => "/checkout-success/cs_test_123", "Payment · chtcht"],
    ["/{handle}", () => `/${ada.handle}`, "Ada Pages (@"],
    ["/@{handle}", () => `/@${ada.handle}`, "Ada Pages (@"],
    ["/@{name}@{server}", () => "/@carol@social.example", "@carol@social.example · chtcht"],
    ["/{name}@{server}", () => "/Carol@Social.Example", "@carol@social.example · chtcht"],
    ["/{handle}/edit-profile", () => `/${ada.handle}/edit-profile`, "Edit Profile · chtcht"],
    ["/{handle}/{postSlug}", () => postPath, "Ada Pages (@"],
  ];

  it.each(routes)("%s answers 200 with its own title, signed out and in", async (_, url, title) => {
    for (const signedIn of [false, true]) {
      const answer = await page(url(), signedIn);
      expect(answer.status).toBe(200);
      expect(answer.title?.startsWith(title)).toBe(true);
    }
  });

  it("/post/{postId} redirects to the post's page, and an unknown one to / (spec-1 §2)", async () => {
    const found = await t.app.inject({ method: "GET", url: `/post/${postId}` });
    expect(found.statusCode).toBe(302);
    expect(found.headers.location).toBe(postPath);
    const missing = await t.app.inject({ method: "GET", url: "/post/no-such-post" });
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe("/");
  });
});

describe('a person on another server (docs/federation.md "Follows")', () => {
  it("answers 200 with a neutral title and no page data, the handle escaped", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/@%3Cb%3Ecarol@social.example",
      headers: { cookie: ada.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe("@&lt;b&gt;carol@social.example · chtcht");
    expect(res.body).not.toContain("<b>carol");
    expect(res.body).not.toContain(`id="${PAGE_DATA_ELEMENT_ID}"`);
  });
});

describe("addresses that name no page", () => {
  it.each([
    ["/a/b/c", "Page not found · chtcht"],
    ["/about/us/now", "Page not found · chtcht"],
    ["/checkout-success/a/b", "Page not found · chtcht"],
    ["/tags/123", "Page not found · chtcht"],
    ["/tags/a-b", "Page not found · chtcht"],
    ["/no-such-person-here", "Profile Not Found · chtcht"],
    ["/tags", "Profile Not Found · chtcht"],
    ["/login", "Profile Not Found · chtcht"],
  ])("%s answers 404: %s", async (url, title) => {
    expect(await page(url)).toEqual({ status: 404, title });
  });

  it("a missing post of a real profile answers 404 'Post not found'", async () => {
    expect(await page(`/${ada.handle}/no-such-post`)).toEqual({
      status: 404,
      title: "Post not found · chtcht",
    });
  });

  it('a tag\'s page answers 200 with the tag as its title, any spelling (docs/feed.md "Hashtags")', async () => {
    expect(await page("/tags/Caf%C3%A9")).toEqual({ status: 200, title: "#café · chtcht" });
  });

  it("a trailing slash names the same page", async () => {
    expect(await page("/about/")).toEqual({ status: 200, title: "About · chtcht" });
  });
});
