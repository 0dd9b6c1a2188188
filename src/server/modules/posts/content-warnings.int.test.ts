// Content warnings and sensitive images (docs/feed.md "Content warnings"): stored with the post,
// validated by the contract (too long is a 400 that changes nothing), changed by the post's edit,
// shown to readers as written; and the reader's 'Always expand' setting, kept per person.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { CONTENT_WARNING_MAX } from "../../../domain/limits";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartPost } from "../../test-support/multipart";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let author: TestAccount;
let reader: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [author, reader] = await Promise.all([createAccount(t), createAccount(t)]);
  await follow(t, reader, author);
});
afterAll(async () => {
  await t.close();
});

const image = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#446688" } })
    .jpeg()
    .toBuffer();

async function postWithImage(content: string, fields: Record<string, string>) {
  const { payload, headers } = await multipartPost(content, await image(), fields);
  return t.app.inject({
    method: "POST",
    url: "/api/posts",
    payload,
    headers: { ...headers, cookie: author.cookie },
  });
}

const postsOf = async (who: TestAccount): Promise<PostView[]> =>
  (await inject(t, reader, "GET", `/api/users/${who.userId}/posts?limit=50`)).json().items;
const shown = async (postId: string): Promise<PostView> =>
  (await inject(t, reader, "GET", `/api/posts/${postId}`)).json().post;

describe("a post's content warning", () => {
  it("is kept trimmed and shown to readers, in the feed and on the post", async () => {
    const res = await inject(t, author, "POST", "/api/posts", {
      content: "The finale, in detail",
      contentWarning: "  Spoilers for the finale  ",
    });
    expect(res.statusCode).toBe(201);
    const post = res.json().post as PostView;
    expect(post).toMatchObject({
      contentWarning: "Spoilers for the finale",
      imageSensitive: false,
    });
    expect(await shown(post.id)).toMatchObject({
      content: "The finale, in detail",
      contentWarning: "Spoilers for the finale",
    });
    const feed = (await inject(t, reader, "GET", "/api/feed")).json().items as PostView[];
    expect(feed.find((p) => p.id === post.id)?.contentWarning).toBe("Spoilers for the finale");
  });

  it("names the post's link: its path is made of the warning's words, never the text's", async () => {
    const res = await inject(t, author, "POST", "/api/posts", {
      content: "Bruce Willis was dead all along",
      contentWarning: "Sixth Sense ending",
    });
    expect(res.statusCode).toBe(201);
    const post = res.json().post as PostView;
    expect(post.path).toBe(`/${author.handle}/sixth-sense-ending`);
    const page = await t.app.inject({ method: "GET", url: post.path });
    expect(page.statusCode).toBe(200);
    // Its head (title, preview tags, canonical link) names the warning only.
    const head = page.body.slice(0, page.body.indexOf('<div id="root">'));
    expect(head).toContain(post.path);
    expect(head).not.toMatch(/willis/i);
  });

  it("is none when blank or left out", async () => {
    const blank = await inject(t, author, "POST", "/api/posts", {
      content: "Nothing to warn about",
      contentWarning: "   ",
    });
    expect(blank.json().post.contentWarning).toBeNull();
    expect((await publish(t, author, "Plain")).id).toBeTruthy();
    const plain = (await postsOf(author)).find((p) => p.content === "Plain");
    expect(plain).toMatchObject({ contentWarning: null, imageSensitive: false });
  });

  it(`refuses more than ${CONTENT_WARNING_MAX} characters with a 400 and keeps nothing`, async () => {
    const before = (await postsOf(author)).length;
    for (const send of [
      () =>
        inject(t, author, "POST", "/api/posts", {
          content: "Too long a warning",
          contentWarning: "w".repeat(CONTENT_WARNING_MAX + 1),
        }),
      () =>
        postWithImage("Too long a warning", {
          contentWarning: "w".repeat(CONTENT_WARNING_MAX + 1),
        }),
    ]) {
      const res = await send();
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        contentWarning: [`Content warnings are at most ${CONTENT_WARNING_MAX} characters.`],
      });
    }
    expect(await postsOf(author)).toHaveLength(before);
    // Exactly the limit is taken.
    const res = await inject(t, author, "POST", "/api/posts", {
      content: "A long warning",
      contentWarning: "w".repeat(CONTENT_WARNING_MAX),
    });
    expect(res.statusCode).toBe(201);
  });

  it("changes with the post's edit: set, kept when left out, removed, and a bad one changes nothing", async () => {
    const post = await publish(t, author, "About the film");
    const edit = (body: object) => inject(t, author, "PATCH", `/api/posts/${post.id}`, body);

    const set = await edit({ content: "About the film's ending", contentWarning: "Film spoilers" });
    expect(set.statusCode).toBe(200);
    expect(set.json().post).toMatchObject({
      content: "About the film's ending",
      contentWarning: "Film spoilers",
    });

    const textOnly = await edit({ content: "About the film's twist" });
    expect(textOnly.json().post).toMatchObject({ contentWarning: "Film spoilers" });

    const tooLong = await edit({
      content: "Changed too",
      contentWarning: "x".repeat(CONTENT_WARNING_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().error.fields)).toEqual(["contentWarning"]);
    expect(await shown(post.id)).toMatchObject({
      content: "About the film's twist",
      contentWarning: "Film spoilers",
    });

    const removed = await edit({ content: "About the film's twist", contentWarning: "" });
    expect(removed.json().post.contentWarning).toBeNull();
    expect((await shown(post.id)).contentWarning).toBeNull();

    // Someone else's edit is refused and changes nothing.
    const other = await inject(t, reader, "PATCH", `/api/posts/${post.id}`, {
      content: "Mine now",
      contentWarning: "Hijacked",
    });
    expect(other.statusCode).toBe(403);
    expect((await shown(post.id)).contentWarning).toBeNull();
  });
});

describe("a sensitive image", () => {
  it("is marked as the multipart form sends it, and changed by an edit", async () => {
    const res = await postWithImage("A picture to blur", { imageSensitive: "true" });
    expect(res.statusCode).toBe(201);
    const post = res.json().post as PostView;
    expect(post.images).toHaveLength(1);
    expect(post).toMatchObject({ imageSensitive: true, contentWarning: null });
    expect((await shown(post.id)).imageSensitive).toBe(true);

    const edited = await inject(t, author, "PATCH", `/api/posts/${post.id}`, {
      content: "A picture, fine to see",
      imageSensitive: false,
    });
    expect(edited.json().post.imageSensitive).toBe(false);
    expect((await shown(post.id)).imageSensitive).toBe(false);
  });

  it("needs an image: a post without one is never sensitive", async () => {
    const res = await inject(t, author, "POST", "/api/posts", {
      content: "No picture here",
      imageSensitive: true,
    });
    expect(res.json().post.imageSensitive).toBe(false);
    const edited = await inject(t, author, "PATCH", `/api/posts/${res.json().post.id}`, {
      content: "Still no picture",
      imageSensitive: true,
    });
    expect(edited.json().post.imageSensitive).toBe(false);
  });

  it("refuses a flag that is not true or false", async () => {
    const res = await postWithImage("Maybe sensitive", { imageSensitive: "maybe" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["imageSensitive"]);
  });
});

describe("a warned post's page before any script runs", () => {
  it("shows the warning, not the text or the image, in its preview tags and markup", async () => {
    const res = await postWithImage("The twist is that the butler did it", {
      contentWarning: "Mystery spoilers",
    });
    const post = res.json().post as PostView;
    const page = await t.app.inject({ method: "GET", url: post.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<meta property="og:description" content="Content warning: Mystery spoilers" />',
    );
    expect(page.body).not.toContain('property="og:image"');
    // The markup in #root, up to the app's data block after it.
    const fromRoot = page.body.slice(page.body.indexOf('<div id="root">'));
    const root = fromRoot.slice(0, fromRoot.indexOf("<script"));
    expect(root).toContain("Content warning: Mystery spoilers</p>");
    expect(root).not.toContain("butler");
    expect(root).not.toContain(post.images[0]?.url as string);
  });

  it("leaves a sensitive image out of the preview, the text still shown", async () => {
    const res = await postWithImage("A plain caption", { imageSensitive: "true" });
    const post = res.json().post as PostView;
    const page = await t.app.inject({ method: "GET", url: post.path });
    expect(page.body).toContain('<meta property="og:description" content="A plain caption" />');
    expect(page.body).not.toContain('property="og:image"');
  });
});

describe("a notice of a post behind a warning", () => {
  it("quotes the warning on the Activity page, never the words", async () => {
    const res = await inject(t, author, "POST", "/api/posts", {
      content: "The butler did it",
      contentWarning: "Mystery spoilers",
    });
    const post = res.json().post as PostView;
    expect((await inject(t, reader, "POST", `/api/posts/${post.id}/like`)).statusCode).toBe(200);
    const groups = (await inject(t, author, "GET", "/api/activity")).json().groups;
    const like = groups.find((g: { postId: string }) => g.postId === post.id);
    expect(like).toMatchObject({
      groupType: "LIKE",
      postSnippet: "Content warning: Mystery spoilers",
    });
    const quoted = groups.map((g: { postSnippet: string | null; commentSnippet: string | null }) =>
      [g.postSnippet, g.commentSnippet].join(" "),
    );
    expect(quoted.join(" ")).not.toContain("butler");
  });
});

describe("Always expand posts with content warnings", () => {
  it("is off until the person turns it on, kept per person, and signed-in only", async () => {
    const get = (who: TestAccount | null) => inject(t, who, "GET", "/api/reading-settings");
    expect((await get(reader)).json()).toEqual({ expandContentWarnings: false });
    const on = await inject(t, reader, "PUT", "/api/reading-settings", {
      expandContentWarnings: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ expandContentWarnings: true });
    expect((await get(reader)).json()).toEqual({ expandContentWarnings: true });
    expect((await get(author)).json()).toEqual({ expandContentWarnings: false });

    const bad = await inject(t, reader, "PUT", "/api/reading-settings", {
      expandContentWarnings: "yes",
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(reader)).json()).toEqual({ expandContentWarnings: true });

    const off = await inject(t, reader, "PUT", "/api/reading-settings", {
      expandContentWarnings: false,
    });
    expect(off.json()).toEqual({ expandContentWarnings: false });
    expect((await get(null)).statusCode).toBe(401);
  });
});
