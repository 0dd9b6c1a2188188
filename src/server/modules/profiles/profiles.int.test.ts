// Public profiles by handle and their link previews (spec-1 §2).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_POSTS_FETCH } from "../../../domain/limits";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { pageDataOf } from "../../test-support/page-data";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let ada: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createAccount(t, { label: "ada", fullName: "Ada <Lovelace>" });
});
afterAll(async () => {
  await t.close();
});

const getProfile = (handle: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/profiles/${encodeURIComponent(handle)}`,
    headers: cookie ? { cookie } : {},
  });

describe("GET /api/profiles/:handle", () => {
  it.each([
    ["the default username", (h: string) => h],
    ["an @-prefixed, upper-cased handle", (h: string) => `@${h.toUpperCase()}`],
  ])("finds a profile by %s", async (_label, variant) => {
    const res = await getProfile(variant(ada.handle));
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      userId: ada.userId,
      handle: ada.handle,
      fullName: "Ada <Lovelace>",
      chtchtEmail: `${ada.handle}@chtcht.local`,
      counts: { friends: 0, following: 0, followers: 0 },
      verificationType: "none",
      isOwner: false,
      emailAddress: null,
    });
    expect(profile.pictures).toEqual([null, null, null, null, null, null, null, null, null]);
  });

  it("prefers a reserved username over someone else's default username", async () => {
    const other = await createAccount(t, { label: "bob" });
    await t.database.db
      .update(profiles)
      .set({ username: "adaclaim" })
      .where(eq(profiles.userId, other.userId));
    const res = await getProfile("ADACLAIM");
    expect(res.json().profile).toMatchObject({
      userId: other.userId,
      handle: "adaclaim",
      username: "adaclaim",
    });
  });

  it("shows the owner their private e-mail", async () => {
    const res = await getProfile(ada.handle, ada.cookie);
    expect(res.json().profile).toMatchObject({ isOwner: true, emailAddress: ada.email });
  });

  it("answers an unknown handle with 404 and the spec's message", async () => {
    const res = await getProfile("nobody-here-xyz");
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: "not_found",
      message: "Profile not found for nobody-here-xyz",
    });
  });
});

describe("link previews for crawlers", () => {
  it("serves /{handle} with escaped Open Graph tags built from the profile", async () => {
    await t.database.db
      .update(profiles)
      .set({ about: 'Poet of "numbers" & engines' })
      .where(eq(profiles.userId, ada.userId));
    const res = await t.app.inject({
      method: "GET",
      url: `/${ada.handle}`,
      headers: { "user-agent": "facebookexternalhit/1.1" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain(
      `<meta property="og:title" content="Ada &lt;Lovelace&gt; (@${ada.handle}) · chtcht" />`,
    );
    expect(res.body).toContain(
      '<meta property="og:description" content="Poet of &quot;numbers&quot; &amp; engines" />',
    );
    expect(res.body).toContain(
      `<link rel="canonical" href="http://localhost:3000/${ada.handle}" />`,
    );
    expect(res.body).toContain('<meta name="twitter:card" content="summary" />');
    expect(res.body).not.toContain('content="default"');
    expect(res.body).toContain('<div id="root">');
  });

  it("shows the profile before any script runs, and hands the app the API's view", async () => {
    await t.database.db
      .update(profiles)
      .set({ about: "Engines <script>alert(1)</script> & numbers" })
      .where(eq(profiles.userId, ada.userId));
    const page = await t.app.inject({ method: "GET", url: `/${ada.handle.toUpperCase()}` });
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root).toContain("Ada &lt;Lovelace&gt;</h1>");
    expect(root).toContain(`@${ada.handle}</p>`);
    expect(root).toContain("Engines &lt;script&gt;alert(1)&lt;/script&gt; &amp; numbers</p>");
    expect(root).not.toContain("<script>alert");
    const api = await getProfile(ada.handle);
    const posts = await t.app.inject({
      method: "GET",
      url: `/api/users/${ada.userId}/posts?limit=${USER_POSTS_FETCH}`,
    });
    expect(pageDataOf(page.body)).toEqual({
      kind: "profile",
      handle: ada.handle,
      profile: api.json().profile,
      posts: posts.json(),
    });
    expect(page.body).not.toContain(ada.email);

    const own = await t.app.inject({
      method: "GET",
      url: `/${ada.handle}`,
      headers: { cookie: ada.cookie },
    });
    const mine = pageDataOf(own.body) as { profile: { isOwner: boolean; emailAddress: string } };
    expect(mine.profile).toMatchObject({ isOwner: true, emailAddress: ada.email });

    const missing = await t.app.inject({ method: "GET", url: "/no-such-person-here" });
    expect(pageDataOf(missing.body)).toBeNull();
    expect(missing.body).toContain('<div id="root"></div>');
  });

  it("answers an unknown handle with HTTP 404 and the app's HTML", async () => {
    const res = await t.app.inject({ method: "GET", url: "/no-such-person-here" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("Profile Not Found");
    expect(res.body).toContain('<div id="root">');
  });

  it("answers app routes such as /mail as their own page, not as a profile", async () => {
    const res = await t.app.inject({ method: "GET", url: "/mail" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Mail · chtcht</title>");
  });
});
