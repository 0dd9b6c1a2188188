// Posts and the home feed (spec-1 §2, §4; docs/feed.md): membership, keyset pages, author rules, likes, views.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { FEED_PAGE_SIZE, USER_POSTS_FETCH } from "../../../domain/limits";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartPost } from "../../test-support/multipart";
import { pageDataOf } from "../../test-support/page-data";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { LIKERS_KEPT } from "./queries";

let t: TestApp;
let reader: TestAccount;
let followed: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [reader, followed, stranger] = await Promise.all([
    createAccount(t),
    createAccount(t),
    createAccount(t),
  ]);
  await follow(t, reader, followed);
});
afterAll(async () => {
  await t.close();
});

/** POST /api/posts as multipart: the text and a picture. */
async function postWithImage(author: TestAccount, content: string, image: Buffer) {
  const { payload, headers } = await multipartPost(content, image);
  return t.app.inject({
    method: "POST",
    url: "/api/posts",
    payload,
    headers: { ...headers, cookie: author.cookie },
  });
}

const feed = async (who: TestAccount, query = "") => {
  const res = await inject(t, who, "GET", `/api/feed${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: string; content: string; likedByMe: boolean }[];
    nextCursor: string | null;
  };
};

describe("creating posts", () => {
  it("trims the text, builds the path from the slug, and refuses empty or too long text", async () => {
    const post = await publish(t, followed, "  Hello 🎉 brave new world  ");
    expect(post).toMatchObject({
      content: "Hello 🎉 brave new world",
      path: `/${followed.handle}/hello-brave-new-world`,
    });
    for (const content of ["   ", "x".repeat(501)]) {
      const res = await inject(t, followed, "POST", "/api/posts", { content });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(["content"]);
    }
    expect((await inject(t, null, "POST", "/api/posts", { content: "anonymous" })).statusCode).toBe(
      401,
    );
  });

  it("takes an image as multipart, re-encoded without metadata", async () => {
    const image = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: "#884422" },
    })
      .withExif({ IFD0: { Make: "Cam" } })
      .jpeg()
      .toBuffer();
    const res = await postWithImage(followed, "With a picture", image);
    expect(res.statusCode).toBe(201);
    const imageUrl = res.json().post.images[0].url;
    const media = await t.app.inject({ method: "GET", url: imageUrl });
    const meta = await sharp(media.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2048, 683, undefined]);
  });

  it("refuses a non-image attachment and saves nothing", async () => {
    const { payload, headers } = await multipartPost(
      "Text with a fake picture",
      Buffer.from("<svg></svg>"),
    );
    const before = (await feed(followed)).items.length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      payload,
      headers: { ...headers, cookie: followed.cookie },
    });
    expect(res.statusCode).toBe(415);
    expect((await feed(followed)).items.length).toBe(before);
  });
});

describe("the home feed", () => {
  it("holds followed people's posts and one's own, newest first, not strangers' and not deleted ones", async () => {
    const mine = await publish(t, reader, "mine");
    const theirs = await publish(t, followed, "theirs");
    const strangers = await publish(t, stranger, "stranger's");
    const gone = await publish(t, followed, "soon gone");
    expect((await inject(t, followed, "DELETE", `/api/posts/${gone.id}`)).statusCode).toBe(200);
    const ids = (await feed(reader)).items.map((p) => p.id);
    expect(ids.slice(0, 2)).toEqual([theirs.id, mine.id]);
    expect(ids).not.toContain(strangers.id);
    expect(ids).not.toContain(gone.id);
    expect((await inject(t, reader, "GET", `/api/posts/${gone.id}`)).statusCode).toBe(404);
  });

  it("pages by keyset without gaps or duplicates while new posts arrive", async () => {
    const author = await createAccount(t);
    const me = await createAccount(t);
    await follow(t, me, author);
    const older: string[] = [];
    for (let i = 0; i < 7; i++) older.push((await publish(t, author, `older ${i}`)).id);
    const first = await feed(me, "?limit=3");
    expect(first.items.map((p) => p.id)).toEqual(older.slice(-3).reverse());
    await publish(t, author, "arrives between pages");
    const second = await feed(me, `?limit=3&cursor=${first.nextCursor}`);
    const third = await feed(me, `?limit=3&cursor=${second.nextCursor}`);
    const seen = [...first.items, ...second.items, ...third.items].map((p) => p.id);
    expect(seen).toEqual([...older].reverse());
    expect(third.nextCursor).toBeNull();
  });

  it("keeps a loaded first page current as followees post and delete, and as the reader follows", async () => {
    const [me, ann, cy] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
    await follow(t, me, ann);
    const ids = async () => (await feed(me)).items.map((p) => p.id);
    const a1 = await publish(t, ann, "a1");
    const c1 = await publish(t, cy, "c1");
    expect(await ids()).toEqual([a1.id]); // the first page is now held in memory
    const a2 = await publish(t, ann, "a2");
    expect(await ids()).toEqual([a2.id, a1.id]);
    const mine = await publish(t, me, "mine");
    expect(await ids()).toEqual([mine.id, a2.id, a1.id]);
    expect((await inject(t, ann, "DELETE", `/api/posts/${a2.id}`)).statusCode).toBe(200);
    expect(await ids()).toEqual([mine.id, a1.id]);
    await follow(t, me, cy);
    expect(await ids()).toEqual([mine.id, c1.id, a1.id]);
    const unfollow = await inject(t, me, "POST", "/api/follows/toggle", {
      targetUserId: ann.userId,
    });
    expect(unfollow.json().following).toBe(false);
    expect(await ids()).toEqual([mine.id, c1.id]);
  });

  it("pages through posts made within the same millisecond without skipping one", async () => {
    const author = await createAccount(t);
    const me = await createAccount(t);
    await follow(t, me, author);
    const at = ["00.100400", "00.100200", "00.099900", "00.099000"];
    const made = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into posts (user_id, content, slug, created_at)
          select ${author.userId}, 'same ms', 'same-ms-' || s, ('2026-01-02 03:04:' || s)::timestamptz
          from unnest(${sql.param(at)}::text[]) as s
          returning id`,
    );
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await feed(me, `?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual(made.map((r) => r.id).sort());
  });

  it("requires a session and answers a bad cursor with 400", async () => {
    expect((await inject(t, null, "GET", "/api/feed")).statusCode).toBe(401);
    expect((await inject(t, reader, "GET", "/api/feed?cursor=bogus")).statusCode).toBe(400);
  });
});

describe("posts served from memory", () => {
  it("show new likes, comments, views, edits and author names at once", async () => {
    const [me, ann, other] = await Promise.all([
      createAccount(t),
      createAccount(t, { fullName: "Ann Before" }),
      createAccount(t),
    ]);
    await follow(t, me, ann);
    const post = await publish(t, ann, "counted");
    const mine = async () => {
      const item = (await feed(me)).items.find((p) => p.id === post.id);
      if (!item) throw new Error("post missing from the feed");
      return item as unknown as PostView;
    };
    expect(await mine()).toMatchObject({ likesCount: 0, likedByMe: false }); // now held in memory

    await inject(t, me, "POST", `/api/posts/${post.id}/like`);
    expect(await mine()).toMatchObject({ likesCount: 1, likedByMe: true });
    await inject(t, other, "POST", `/api/posts/${post.id}/like`);
    expect(await mine()).toMatchObject({ likesCount: 2, likedByMe: true });
    await inject(t, me, "POST", `/api/posts/${post.id}/comments`, { content: "hi" });
    expect((await mine()).commentsCount).toBe(1);
    await inject(t, other, "POST", `/api/posts/${post.id}/view`);
    expect((await mine()).viewsCount).toBe(1);
    await inject(t, ann, "PATCH", `/api/posts/${post.id}`, { content: "edited" });
    expect((await mine()).content).toBe("edited");
    const rename = await inject(t, ann, "PUT", `/api/profiles/${ann.userId}`, {
      fullName: "Ann After",
      emailAddress: ann.email,
      details: {},
    });
    expect(rename.statusCode).toBe(200);
    expect((await mine()).author.fullName).toBe("Ann After");
    const single = await inject(t, me, "GET", `/api/posts/${post.id}`);
    expect(single.json().post).toMatchObject({
      likesCount: 2,
      commentsCount: 1,
      viewsCount: 1,
      likedByMe: true,
      content: "edited",
    });
  });
  it("asks each reader about their like on a post with more likes than it keeps likers", async () => {
    const [me, ann, other] = await Promise.all([
      createAccount(t),
      createAccount(t),
      createAccount(t),
    ]);
    await Promise.all([follow(t, me, ann), follow(t, other, ann)]);
    // Written straight to the database, so no instance holds it yet: LIKERS_KEPT + 1 likes by
    // people who exist only there, and one by `other`.
    const [post] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into posts (user_id, content, slug) values (${ann.userId}, 'popular', 'popular')
          returning id`,
    );
    if (!post) throw new Error("post not inserted");
    await t.database.db.execute(sql`
      with fans as (
        insert into users (id, name, email, email_verified)
        select 'fan-' || ${post.id} || '-' || n, 'Fan', 'fan' || n || '.' || ${post.id} || '@example.com', true
        from generate_series(1, ${LIKERS_KEPT + 1}) as n
        returning id
      )
      insert into post_likes (post_id, user_id)
      select ${post.id}::uuid, id from fans union all select ${post.id}::uuid, ${other.userId}`);
    await t.database.db.execute(
      sql`update posts set likes_count = ${LIKERS_KEPT + 2} where id = ${post.id}::uuid`,
    );
    const flag = async (who: TestAccount) =>
      (await feed(who)).items.find((p) => p.id === post.id) as unknown as PostView;
    // No liker list is kept for this post: each flag comes from asking the database.
    expect(await flag(other)).toMatchObject({ likedByMe: true });
    expect(await flag(me)).toMatchObject({ likedByMe: false });
    await inject(t, me, "POST", `/api/posts/${post.id}/like`);
    expect(await flag(me)).toMatchObject({ likedByMe: true, likesCount: LIKERS_KEPT + 3 });
    expect(await flag(other)).toMatchObject({ likedByMe: true, likesCount: LIKERS_KEPT + 3 });
  });
});

describe("author-only edit and delete", () => {
  it("lets the author edit (trimmed) and refuses everyone else with 403", async () => {
    const post = await publish(t, followed, "first words here");
    const edited = await inject(t, followed, "PATCH", `/api/posts/${post.id}`, {
      content: "  changed words  ",
    });
    expect(edited.json().post).toMatchObject({ content: "changed words", path: post.path });
    expect(
      (await inject(t, stranger, "PATCH", `/api/posts/${post.id}`, { content: "hijack" }))
        .statusCode,
    ).toBe(403);
    expect((await inject(t, stranger, "DELETE", `/api/posts/${post.id}`)).statusCode).toBe(403);
    const byPath = await inject(
      t,
      null,
      "GET",
      `/api/posts/by-path/${followed.handle}/first-words-here`,
    );
    expect(byPath.json().post).toMatchObject({ id: post.id, content: "changed words" });
  });

  it("gives every post of an author its own path, so repeated words never hide a post", async () => {
    const older = await publish(t, stranger, "same words");
    const newer = await publish(t, stranger, "same words");
    const emojiA = await publish(t, stranger, "🦊");
    const emojiB = await publish(t, stranger, "🦊🦊");
    const paths = [older, newer, emojiA, emojiB].map((p) => p.path);
    expect(new Set(paths).size).toBe(4);
    expect(older.path).toBe(`/${stranger.handle}/same-words`);
    expect(newer.path).toMatch(new RegExp(`^/${stranger.handle}/same-words-[0-9a-f]{6}$`));
    expect(emojiA.path).toBe(`/${stranger.handle}/post`);
    for (const post of [older, newer, emojiA, emojiB]) {
      const [, handle, slug] = post.path.split("/");
      const res = await inject(
        t,
        null,
        "GET",
        `/api/posts/by-path/@${handle?.toUpperCase()}/${slug}`,
      );
      expect(res.json().post.id).toBe(post.id);
    }
  });

  it("keeps a post's path through an edit, and a deleted post's path never opens another post", async () => {
    const first = await publish(t, stranger, "keep this link");
    const edited = await inject(t, stranger, "PATCH", `/api/posts/${first.id}`, {
      content: "entirely new words",
    });
    expect(edited.json().post.path).toBe(first.path);
    await inject(t, stranger, "DELETE", `/api/posts/${first.id}`);
    const again = await publish(t, stranger, "keep this link");
    expect(again.path).not.toBe(first.path);
    const [, handle, slug] = first.path.split("/");
    const old = await inject(t, null, "GET", `/api/posts/by-path/${handle}/${slug}`);
    expect(old.statusCode).toBe(404);
  });
});

describe("likes", () => {
  it("toggles and keeps likes_count equal to a recount under 50 concurrent requests", async () => {
    const post = await publish(t, followed, "like me");
    const likers = await Promise.all(Array.from({ length: 10 }, () => createAccount(t)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        inject(t, likers[i % likers.length] as TestAccount, "POST", `/api/posts/${post.id}/like`),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await queryRows<{ stored: number; counted: number }>(
      t.database.db,
      sql`select likes_count as stored, (select count(*) from post_likes where post_id = ${post.id})::int as counted from posts where id = ${post.id}`,
    );
    // Two toggles by one person at the same instant may collapse into one (a double click), so
    // the final number depends on timing; what never changes is that it equals the like rows.
    expect(row?.stored).toBe(row?.counted);
    const one = await inject(t, reader, "POST", `/api/posts/${post.id}/like`);
    expect(one.json()).toEqual({ liked: true, likesCount: (row?.counted ?? 0) + 1 });
    expect((await feed(reader)).items.find((p) => p.id === post.id)?.likedByMe).toBe(true);
  });

  it("answers 404 for a missing post", async () => {
    const res = await inject(
      t,
      reader,
      "POST",
      "/api/posts/00000000-0000-4000-8000-000000000000/like",
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Post not found");
  });
});

describe("views", () => {
  it("counts one view per viewer per 24 hours, signed in or by visitor cookie", async () => {
    const post = await publish(t, followed, "look");
    const first = await inject(t, reader, "POST", `/api/posts/${post.id}/view`);
    expect(first.json()).toEqual({ counted: true, viewsCount: 1 });
    expect((await inject(t, reader, "POST", `/api/posts/${post.id}/view`)).json()).toEqual({
      counted: false,
      viewsCount: 1,
    });

    const visitor = await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/view` });
    expect(visitor.json()).toEqual({ counted: true, viewsCount: 2 });
    const cookie = String(visitor.headers["set-cookie"]).split(";")[0] as string;
    const again = await t.app.inject({
      method: "POST",
      url: `/api/posts/${post.id}/view`,
      headers: { cookie },
    });
    expect(again.json()).toEqual({ counted: false, viewsCount: 2 });

    await t.database.db.execute(
      sql`update post_views set viewed_at = now() - interval '25 hours' where post_id = ${post.id}`,
    );
    expect((await inject(t, reader, "POST", `/api/posts/${post.id}/view`)).json()).toEqual({
      counted: true,
      viewsCount: 3,
    });
  });
});

describe("post pages for crawlers and /post/{id}", () => {
  it("serves /{handle}/{slug} with the post's text and image in the preview tags", async () => {
    const post = await publish(t, followed, 'Sunset over "the bay" & more');
    const res = await t.app.inject({ method: "GET", url: post.path });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<meta property="og:description" content="Sunset over &quot;the bay&quot; &amp; more" />',
    );
    expect(res.body).toContain('<meta property="og:type" content="article" />');
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${post.path}" />`);
    const missing = await t.app.inject({ method: "GET", url: `/${followed.handle}/no-such-post` });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Post not found");
  });

  it("shows the post before any script runs, and hands the app the API's view", async () => {
    const post = await publish(t, followed, "Tea <b>at</b> five & cake");
    const page = await t.app.inject({ method: "GET", url: post.path });
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root).toContain("Tea &lt;b&gt;at&lt;/b&gt; five &amp; cake</p>");
    expect(root).toContain(`@${followed.handle}</p>`);
    const [, handle = "", slug = ""] = post.path.split("/");
    const api = await t.app.inject({ method: "GET", url: `/api/posts/by-path/${handle}/${slug}` });
    expect(pageDataOf(page.body)).toEqual({ kind: "post", handle, slug, post: api.json().post });

    const liked = await inject(t, reader, "POST", `/api/posts/${post.id}/like`);
    expect(liked.statusCode).toBe(200);
    const asReader = await inject(t, reader, "GET", post.path);
    expect(pageDataOf(asReader.body)).toMatchObject({ post: { likedByMe: true, likesCount: 1 } });
  });

  it("hands the app the feed's and a profile's first posts with the page, the first picture preloaded", async () => {
    const image = await sharp({
      create: { width: 400, height: 250, channels: 3, background: "#226688" },
    })
      .jpeg()
      .toBuffer();
    const made = await postWithImage(followed, "Harbour at noon", image);
    expect(made.statusCode).toBe(201);
    const imageUrl = (made.json().post as PostView).images[0]?.url;
    const preload = `<link rel="preload" as="image" href="${imageUrl}" fetchpriority="high" />`;

    const home = await inject(t, reader, "GET", "/");
    const own = await inject(t, reader, "GET", `/api/profiles/${reader.handle}`);
    expect(pageDataOf(home.body)).toEqual({
      kind: "feed",
      posts: await feed(reader, `?limit=${FEED_PAGE_SIZE}`),
      handle: reader.handle,
      profile: own.json().profile,
    });
    expect(home.body).toContain(preload);
    // Signed out, the home page is the landing page: no feed, no picture.
    const landing = await t.app.inject({ method: "GET", url: "/" });
    expect(pageDataOf(landing.body)).toBeNull();
    expect(landing.body).not.toContain('rel="preload" as="image"');

    const profile = await inject(t, reader, "GET", `/${followed.handle}`);
    const posts = await inject(
      t,
      reader,
      "GET",
      `/api/users/${followed.userId}/posts?limit=${USER_POSTS_FETCH}`,
    );
    expect(pageDataOf(profile.body)).toMatchObject({ kind: "profile", posts: posts.json() });
    expect(profile.body).toContain(preload);
  });

  it("redirects /post/{id} to the post's path, and anything wrong to /", async () => {
    const post = await publish(t, followed, "redirect me");
    const res = await t.app.inject({ method: "GET", url: `/post/${post.id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(post.path);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await t.app.inject({ method: "GET", url: `/post/${id}` })).headers.location).toBe(
        "/",
      );
    }
  });
});
