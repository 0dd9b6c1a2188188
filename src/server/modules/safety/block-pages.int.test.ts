// Blocks and suspensions on the server-rendered pages (docs/safety.md "Block", "Pages served by
// the server"): the HTML of /{handle} and /{handle}/{slug} with its link-preview meta, the
// /post/{id} redirect and view counting. A signed-in person in a block meets the page of a missing
// profile or post; the signed-out view stays public.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
const ADMIN = "page.moderator@example.com";
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await createAccount(t, { email: ADMIN });
});
afterAll(async () => {
  await t.close();
});

type Post = { id: string; path: string };

const page = (who: TestAccount | null, url: string) => inject(t, who, "GET", url);
const titleOf = (html: string) => html.match(/<title>[^<]*<\/title>/)?.[0];
const viewsOf = async (post: Post) => {
  const [row] = await t.database.db
    .select({ views: posts.viewsCount })
    .from(posts)
    .where(eq(posts.id, post.id));
  return row?.views;
};
const setAbout = (who: TestAccount, about: string) =>
  t.database.db.update(profiles).set({ about }).where(eq(profiles.userId, who.userId));
const block = async (who: TestAccount, whom: TestAccount) => {
  const res = await inject(t, who, "POST", `/api/safety/blocks/${whom.userId}`);
  expect(res.json()).toMatchObject({ blocking: true });
};

/** What the app answers today for a post and a profile that do not exist. */
async function missingPages(author: TestAccount) {
  const post = await page(null, `/${author.handle}/no-such-post-here`);
  const profile = await page(null, "/no-such-person-anywhere");
  expect(post.statusCode).toBe(404);
  expect(profile.statusCode).toBe(404);
  return { post: titleOf(post.body), profile: titleOf(profile.body) };
}

/** `who` meets `author`'s post page as a missing post: 404, its title, none of its words. */
async function expectPostHidden(who: TestAccount | null, author: TestAccount, post: Post) {
  const content = (await t.database.db
    .select({ content: posts.content })
    .from(posts)
    .where(eq(posts.id, post.id))
    .then((rows) => rows[0]?.content)) as string;
  // Words the HTML would escape could hide in the body in another spelling.
  expect(content).not.toMatch(/[&<>"']/);
  const missing = await missingPages(author);
  const res = await page(who, post.path);
  expect(res.statusCode).toBe(404);
  expect(titleOf(res.body)).toBe(missing.post);
  expect(res.body).toContain("Post not found");
  expect(res.body).not.toContain(content);

  const redirect = await page(who, `/post/${post.id}`);
  expect(redirect.statusCode).toBe(302);
  expect(redirect.headers.location).toBe("/");

  const before = await viewsOf(post);
  const view = await inject(t, who, "POST", `/api/posts/${post.id}/view`);
  expect(view.statusCode).toBe(404);
  expect(view.json().error).toMatchObject({ code: "not_found", message: "Post not found" });
  expect(await viewsOf(post)).toBe(before);
}

async function expectPostShown(who: TestAccount | null, post: Post, content: string) {
  const res = await page(who, post.path);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain(content);
  const redirect = await page(who, `/post/${post.id}`);
  expect(redirect.statusCode).toBe(302);
  expect(redirect.headers.location).toBe(post.path);
}

async function expectProfileHidden(who: TestAccount | null, owner: TestAccount, words: string[]) {
  const missing = await missingPages(owner);
  const res = await page(who, `/${owner.handle}`);
  expect(res.statusCode).toBe(404);
  expect(titleOf(res.body)).toBe(missing.profile);
  expect(res.body).toContain("Profile Not Found");
  for (const word of words) expect(res.body).not.toContain(word);
}

describe("after A blocks B", () => {
  let a: TestAccount;
  let b: TestAccount;
  let before: Post;
  let after: Post;

  beforeAll(async () => {
    a = await createAccount(t, { label: "ayla", fullName: "Ayla Blockwright" });
    b = await createAccount(t, { label: "bram", fullName: "Bram Blocked" });
    await setAbout(a, "Ayla keeps bees on the roof");
    before = await publish(t, a, "Ayla and her honey harvest before the block");
    expect((await page(b, before.path)).body).toContain("honey harvest before the block");
    await block(a, b);
    after = await publish(t, a, "Ayla tells a secret written after the block");
  });

  it("B's session meets A's posts, old and new, as missing posts, and B's views are not counted", async () => {
    await expectPostHidden(b, a, before);
    await expectPostHidden(b, a, after);
  });

  it("B's session meets A's profile as a missing profile", async () => {
    await expectProfileHidden(b, a, ["Ayla Blockwright", "Ayla keeps bees"]);
  });

  it("A does not read B's posts either", async () => {
    const bPost = await publish(t, b, "Bram writes about trains");
    await expectPostHidden(a, b, bPost);
  });

  it("the signed-out view stays public: text, redirect and a counted view", async () => {
    await expectPostShown(null, after, "secret written after the block");
    const profile = await page(null, `/${a.handle}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain("Ayla keeps bees on the roof");
    const views = await viewsOf(after);
    const view = await inject(t, null, "POST", `/api/posts/${after.id}/view`);
    expect(view.json()).toEqual({ counted: true, viewsCount: (views ?? 0) + 1 });
  });

  it("a bystander's session reads both, and counts a view", async () => {
    const c = await createAccount(t, { label: "cleo" });
    await expectPostShown(c, after, "secret written after the block");
    expect((await page(c, `/${a.handle}`)).statusCode).toBe(200);
    const view = await inject(t, c, "POST", `/api/posts/${after.id}/view`);
    expect(view.json().counted).toBe(true);
  });
});

describe("after B blocks A", () => {
  let a: TestAccount;
  let b: TestAccount;
  let post: Post;

  beforeAll(async () => {
    a = await createAccount(t, { label: "abel", fullName: "Abel Author" });
    b = await createAccount(t, { label: "bess", fullName: "Bess Blocker" });
    await block(b, a);
    post = await publish(t, a, "Abel writes a diary after Bess blocked him");
  });

  it("B's session meets A's posts as missing posts, and B's views are not counted", async () => {
    await expectPostHidden(b, a, post);
  });

  it("B still sees A's profile page, as the profile API shows the blocker whom they blocked, without A's posts", async () => {
    const res = await page(b, `/${a.handle}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Abel Author");
    expect(res.body).not.toContain("diary after Bess blocked him");
    expect((await page(null, `/${a.handle}`)).body).toContain("diary after Bess blocked him");
    expect((await inject(t, b, "GET", `/api/profiles/${a.handle}`)).statusCode).toBe(200);
  });

  it("A's session meets B's profile as a missing profile", async () => {
    await setAbout(b, "Bess restores old clocks");
    await expectProfileHidden(a, b, ["Bess Blocker", "restores old clocks"]);
  });

  it("the signed-out view of A's post stays public", async () => {
    await expectPostShown(null, post, "diary after Bess blocked him");
  });
});

describe("a suspended author", () => {
  it("is missing for everyone: profile, posts, redirect and views", async () => {
    const s = await createAccount(t, { label: "sami", fullName: "Sami Suspended" });
    const reader = await createAccount(t, { label: "reader" });
    await setAbout(s, "Sami sells miracle cures");
    const post = await publish(t, s, "Sami sells a miracle cure for everything");
    const res = await inject(t, admin, "POST", "/api/admin/actions", {
      targetType: "profile",
      targetId: s.userId,
      action: "suspend",
      rule: "spam",
      reason: "Spam",
    });
    expect(res.statusCode).toBe(200);
    for (const who of [null, reader]) {
      await expectPostHidden(who, s, post);
      await expectProfileHidden(who, s, ["Sami Suspended", "miracle cures"]);
    }
  });
});
