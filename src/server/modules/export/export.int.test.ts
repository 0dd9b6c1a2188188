// 'Download my data' through the real HTTP app (docs/accounts.md "Your data"): a person with a
// profile, pictures, posts, comments, likes, follows both ways and mail threads asks for an
// export, the outbox worker builds it, and the zip is read back file by file; only its owner can
// download it, a second request while one builds answers that one, the daily limit refuses
// without changing anything, a link past its 7 days is refused even before the sweep, a build
// silent after a crash is taken over, and the sweep removes an expired export with its file. On the embedded database, and on PostgreSQL in its pass.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartFile, multipartPost } from "../../test-support/multipart";
import { makeOutboxDue } from "../../test-support/outbox-rows";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { unzip } from "../../test-support/unzip";
import { FOLLOWS_CSV_HEADER } from "./file-formats";

let t: TestApp;
let ada: TestAccount;
let bob: TestAccount;
let cy: TestAccount;
const uploaded = { avatar: "", banner: "", picture: "", postImage: "", postImage2: "" };
let imagePostId: string;
let bobPostId: string;
let bobCommentId: string;
let adaCommentId: string;
let threadId: string;

const jpeg = (color: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function upload(url: string, who: TestAccount, bytes: Buffer) {
  const { payload, headers } = await multipartFile(bytes, "photo.jpg", "image/jpeg");
  const res = await t.app.inject({
    method: "PUT",
    url,
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile;
}

const stored = async (url: string) => (await t.app.inject({ method: "GET", url })).rawPayload;

async function send(who: TestAccount, thread: string, body: string, subject?: string) {
  const res = await inject(t, who, "POST", `/api/mail/threads/${thread}/messages`, {
    body,
    ...(subject ? { subject } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
}

const exportRows = async (userId: string) =>
  queryRows<{ id: string; status: string }>(
    t.database.db,
    sql`select id, status from account_exports where user_id = ${userId} order by requested_at`,
  );

beforeAll(async () => {
  t = await createTestApp();
  [ada, bob, cy] = await Promise.all([
    createAccount(t, { label: "ada", fullName: "Ada Lovelace" }),
    createAccount(t, { label: "bob", fullName: "Bob Babbage" }),
    createAccount(t, { label: "cy", fullName: "Cy Somerville" }),
  ]);
  const profile = await inject(t, ada, "PUT", `/api/profiles/${ada.userId}`, {
    fullName: "Ada Lovelace",
    emailAddress: ada.email,
    about: "Enchantress of numbers",
    city: "Austin, TX",
    details: { country: "United States", state: "Texas", gender: "Female", religion: "Sikh" },
    audiences: { gender: "friends", city: "only_me" },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const avatar = await upload(`/api/profiles/${ada.userId}/avatar`, ada, await jpeg("#aa3311"));
  uploaded.avatar = avatar.profileImageUrl;
  const pictured = await upload(
    `/api/profiles/${ada.userId}/pictures/2`,
    ada,
    await jpeg("#1133aa"),
  );
  uploaded.picture = pictured.pictures[1];
  const bannered = await upload(`/api/profiles/${ada.userId}/banner`, ada, await jpeg("#33aa11"));
  uploaded.banner = bannered.bannerUrl;

  const { payload, headers } = await multipartPost(
    "A photo of the engine",
    [await jpeg("#22aa44"), await jpeg("#aa2244")],
    { alt0: "The engine's mill, green", alt1: "" },
  );
  const posted = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    payload,
    headers: { ...headers, cookie: ada.cookie },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  imagePostId = posted.json().post.id;
  [uploaded.postImage, uploaded.postImage2] = posted
    .json()
    .post.images.map((image: { url: string }) => image.url);
  const warned = await inject(t, ada, "POST", "/api/posts", {
    content: 'Notes on the analytical engine, "with quotes"',
    contentWarning: "Long maths",
  });
  expect(warned.statusCode, warned.body).toBe(201);

  bobPostId = (await publish(t, bob, "Difference engine news")).id;
  const bobComment = await inject(t, bob, "POST", `/api/posts/${bobPostId}/comments`, {
    content: "First!",
  });
  bobCommentId = bobComment.json().comment.id;
  const adaComment = await inject(t, ada, "POST", `/api/posts/${bobPostId}/comments`, {
    content: "Congratulations, Bob",
  });
  expect(adaComment.statusCode, adaComment.body).toBe(201);
  adaCommentId = adaComment.json().comment.id;
  expect((await inject(t, ada, "POST", `/api/posts/${bobPostId}/like`)).statusCode).toBe(200);
  expect((await inject(t, ada, "POST", `/api/comments/${bobCommentId}/like`)).statusCode).toBe(200);
  expect((await inject(t, ada, "PUT", `/api/posts/${bobPostId}/bookmark`)).statusCode).toBe(200);
  expect((await inject(t, ada, "PUT", `/api/posts/${bobPostId}/repost`)).statusCode).toBe(200);
  // A post from elsewhere she reposted (docs/feed.md "Reposts and quotes").
  await t.database.db.execute(sql`with actor as (
      insert into fed_actors (uri, handle, host, inbox, name)
      values ('https://far.example/users/cy', 'cy@far.example', 'far.example',
        'https://far.example/users/cy/inbox', 'Cy') returning id),
    note as (
      insert into fed_notes (uri, actor_id, text, url, published_at)
      select 'https://far.example/notes/1', id, 'From afar', 'https://far.example/@cy/1', now()
      from actor returning id)
    insert into fed_note_reposts (note_id, user_id) select id, ${ada.userId} from note`);
  const quote = await inject(t, ada, "POST", "/api/posts", {
    content: "Bob's news, quoted",
    quoteOf: bobPostId,
  });
  expect(quote.statusCode, quote.body).toBe(201);
  expect((await inject(t, ada, "PUT", "/api/tags/Caf%C3%A9/follow")).statusCode).toBe(200);
  const accepted = await inject(t, ada, "POST", `/api/requests/${bob.userId}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const mute = { text: "Spoiler", contexts: ["feed", "mail"], duration: "never" };
  expect((await inject(t, ada, "POST", "/api/safety/muted-words", mute)).statusCode).toBe(201);
  const reading = await inject(t, ada, "PUT", "/api/reading-settings", {
    expandContentWarnings: true,
  });
  expect(reading.statusCode, reading.body).toBe(200);

  const badge = await inject(t, ada, "POST", "/api/badges/yellow", {
    category: "public_figure",
    officialName: "Ada Lovelace",
    links: ["https://ada.example.org"],
  });
  expect(badge.statusCode, badge.body).toBe(201);

  await follow(t, ada, bob);
  await follow(t, bob, ada);
  await follow(t, cy, ada);

  const opened = await inject(t, ada, "POST", "/api/mail/threads/direct", { userId: bob.userId });
  threadId = opened.json().thread.id;
  await send(ada, threadId, "Shall we meet on Tuesday?\nFrom the start, I knew.", "Plans");
  await send(bob, threadId, "Tuesday suits me.", "Re: Plans");
  await send(ada, threadId, "Noon, then.");
  const otherThread = await inject(t, cy, "POST", "/api/mail/threads/direct", {
    userId: ada.userId,
  });
  await send(cy, otherThread.json().thread.id, "Hello Ada", "Hi");
});
afterAll(async () => {
  await t.close();
});

async function requestAndBuild(who: TestAccount) {
  const asked = await inject(t, who, "POST", "/api/account/export");
  expect(asked.statusCode, asked.body).toBe(202);
  await t.app.outbox.drain();
  const state = await inject(t, who, "GET", "/api/account/export");
  expect(state.statusCode).toBe(200);
  return { asked: asked.json(), state: state.json() };
}

describe("Download my data", () => {
  let zip: Map<string, Buffer>;
  let downloadUrl: string;

  it("builds the export in the background, mails the link, and the owner downloads it", async () => {
    const first = await inject(t, ada, "POST", "/api/account/export");
    expect(first.statusCode, first.body).toBe(202);
    const building = first.json().export;
    expect(building.status).toBe("building");
    expect(building.downloadUrl).toBeNull();
    // Asking again while it builds answers the same export.
    const again = await inject(t, ada, "POST", "/api/account/export");
    expect(again.json().export.id).toBe(building.id);
    expect(await exportRows(ada.userId)).toHaveLength(1);

    await t.app.outbox.drain();
    const state = (await inject(t, ada, "GET", "/api/account/export")).json();
    expect(state.export).toMatchObject({ id: building.id, status: "ready" });
    expect(state.export.progress.done).toBe(state.export.progress.total);
    // 3 posts (one a quote), 2 post images, 1 comment, 2 likes, 1 bookmark, 1 + 1 reposts (one
    // of a post from elsewhere), 1 + 2 follows, 3 + 1 messages.
    expect(state.export.progress.total).toBe(18);
    expect(
      new Date(state.export.expiresAt).getTime() - new Date(state.export.readyAt).getTime(),
    ).toBe(7 * 86_400_000);
    expect(state.nextRequestAt).not.toBeNull();
    downloadUrl = state.export.downloadUrl;
    expect(downloadUrl).toBe(`/api/account/export/${building.id}/download`);

    const mail = t.mailbox.latestTo(ada.email);
    expect(mail?.subject).toMatch(/data is ready to download/);
    expect(mail?.raw.replace(/=\r?\n/g, "")).toContain(downloadUrl);

    const res = await t.app.inject({
      method: "GET",
      url: downloadUrl,
      headers: { cookie: ada.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename=".*-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    zip = await unzip(res.rawPayload);
    expect([...zip.keys()].sort()).toEqual(
      [
        "README.txt",
        "accepted_senders.json",
        "appeals.json",
        "badge-requests.json",
        "bookmarks.json",
        "comments.json",
        "followed_tags.json",
        "followers.csv",
        "following.csv",
        "likes.json",
        "mail.mbox",
        "muted_words.json",
        "media/avatar.jpg",
        "media/banner.jpg",
        "media/pictures/2.jpg",
        `media/posts/${imagePostId}-1.jpg`,
        `media/posts/${imagePostId}-2.jpg`,
        "posts.json",
        "profile.json",
        "reposts.json",
      ].sort(),
    );
  });

  it("holds the person's badge requests", () => {
    const requests = JSON.parse(zip.get("badge-requests.json")?.toString() ?? "");
    expect(requests).toEqual([
      expect.objectContaining({
        kind: "yellow",
        status: "open",
        category: "public_figure",
        links: ["https://ada.example.org"],
      }),
    ]);
  });

  it("holds the profile with every attribute and its audience", () => {
    const profile = JSON.parse(zip.get("profile.json")?.toString() ?? "");
    expect(profile).toMatchObject({
      userId: ada.userId,
      fullName: "Ada Lovelace",
      about: "Enchantress of numbers",
      signUpEmail: ada.email,
      avatar: "media/avatar.jpg",
      banner: "media/banner.jpg",
      demographicSearch: true,
      reading: { expandContentWarnings: true },
    });
    expect(profile.pictures[1]).toBe("media/pictures/2.jpg");
    expect(profile.attributes.gender).toEqual({ value: "Female", audience: "friends" });
    expect(profile.attributes.city).toEqual({ value: "Austin, TX", audience: "only_me" });
    // The county the server filled in from the city is seen by no more people than the city.
    expect(profile.attributes.county).toEqual({ value: "Travis County", audience: "only_me" });
    expect(profile.attributes.religion).toEqual({ value: "Sikh", audience: "only_me" });
    expect(profile.attributes.country).toEqual({ value: "United States", audience: "everyone" });
    expect(Object.keys(profile.attributes)).toHaveLength(24);
  });

  it("holds posts, comments and likes as JSON", () => {
    const posts = JSON.parse(zip.get("posts.json")?.toString() ?? "");
    expect(posts.map((p: { text: string }) => p.text)).toEqual([
      "A photo of the engine",
      'Notes on the analytical engine, "with quotes"',
      "Bob's news, quoted",
    ]);
    expect(posts[0]).toMatchObject({
      id: imagePostId,
      images: [
        {
          file: `media/posts/${imagePostId}-1.jpg`,
          alt: "The engine's mill, green",
          width: expect.any(Number),
          height: expect.any(Number),
        },
        { file: `media/posts/${imagePostId}-2.jpg`, alt: "" },
      ],
      contentWarning: null,
      imageSensitive: false,
      quoteOf: null,
    });
    expect(posts[1]).toMatchObject({ images: [], contentWarning: "Long maths" });
    expect(posts[2]).toMatchObject({ quoteOf: bobPostId });

    const comments = JSON.parse(zip.get("comments.json")?.toString() ?? "");
    expect(comments).toEqual([
      expect.objectContaining({
        id: adaCommentId,
        postId: bobPostId,
        text: "Congratulations, Bob",
      }),
    ]);

    const likes = JSON.parse(zip.get("likes.json")?.toString() ?? "");
    expect(likes).toEqual([
      expect.objectContaining({ type: "post", postId: bobPostId }),
      expect.objectContaining({ type: "comment", commentId: bobCommentId, postId: bobPostId }),
    ]);
    expect(likes[0].author).toMatch(/@/);
  });

  it("holds the person's bookmarks, which are theirs alone", () => {
    const bookmarks = JSON.parse(zip.get("bookmarks.json")?.toString() ?? "");
    expect(bookmarks).toEqual([
      { postId: bobPostId, author: expect.stringMatching(/@/), bookmarkedAt: expect.any(String) },
    ]);
  });

  it("holds the tags the person follows", () => {
    const followed = JSON.parse(zip.get("followed_tags.json")?.toString() ?? "");
    expect(followed).toEqual([{ tag: "café", name: "café", followedAt: expect.any(String) }]);
  });

  it("holds the person's muted words", () => {
    const muted = JSON.parse(zip.get("muted_words.json")?.toString() ?? "");
    expect(muted).toEqual([
      {
        text: "Spoiler",
        contexts: ["feed", "mail"],
        duration: "never",
        expiresAt: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("holds the senders the person accepted out of Requests", () => {
    const accepted = JSON.parse(zip.get("accepted_senders.json")?.toString() ?? "");
    expect(accepted).toEqual([
      {
        address: expect.stringMatching(/^bob.*@/),
        elsewhere: false,
        acceptedAt: expect.any(String),
      },
    ]);
  });

  it("holds the person's reposts", () => {
    const reposts = JSON.parse(zip.get("reposts.json")?.toString() ?? "");
    expect(reposts).toEqual([
      { postId: bobPostId, author: expect.stringMatching(/@/), repostedAt: expect.any(String) },
      {
        postUrl: "https://far.example/@cy/1",
        author: "cy@far.example",
        repostedAt: expect.any(String),
      },
    ]);
  });

  it("lists follows both ways in Mastodon's CSV layout", async () => {
    const address = async (who: TestAccount) => {
      const [row] = await queryRows<{ chtcht_email: string }>(
        t.database.db,
        sql`select chtcht_email from profiles where user_id = ${who.userId}`,
      );
      return row?.chtcht_email;
    };
    expect(zip.get("following.csv")?.toString()).toBe(
      `${FOLLOWS_CSV_HEADER}\n${await address(bob)},true,false,\n`,
    );
    const followers = zip.get("followers.csv")?.toString().trim().split("\n") ?? [];
    expect(followers[0]).toBe(FOLLOWS_CSV_HEADER);
    expect(followers.slice(1).sort()).toEqual(
      [`${await address(bob)},true,false,`, `${await address(cy)},true,false,`].sort(),
    );
  });

  it("holds every message of the person's threads as mboxrd that threads by its headers", async () => {
    const mbox = zip.get("mail.mbox")?.toString() ?? "";
    expect(mbox.startsWith("From ")).toBe(true);
    // The body line 'From the start' is escaped, so it does not split a message.
    expect(mbox).toContain("\n>From the start, I knew.");
    const raw = mbox
      .split(/^From .*\n/m)
      .filter((part) => part.trim() !== "")
      .map((part) => part.replace(/^>(>*From )/gm, "$1"));
    const messages = await Promise.all(raw.map((part) => simpleParser(part)));
    expect(messages).toHaveLength(4);
    const plans = messages.filter((m) => m.subject?.includes("Plans") || m.text?.includes("Noon"));
    expect(plans.map((m) => m.text?.trim())).toEqual([
      "Shall we meet on Tuesday?\nFrom the start, I knew.",
      "Tuesday suits me.",
      "Noon, then.",
    ]);
    const [first, reply, last] = plans as [
      (typeof messages)[number],
      (typeof messages)[number],
      (typeof messages)[number],
    ];
    expect(first.messageId).toMatch(/^<.+@.+>$/);
    expect(first.inReplyTo).toBeUndefined();
    expect(reply.inReplyTo).toBe(first.messageId);
    expect(last.inReplyTo).toBe(reply.messageId);
    expect(last.references).toEqual([first.messageId, reply.messageId]);
    expect(first.from?.value[0]?.name).toBe("Ada Lovelace");
    expect(reply.from?.value[0]?.name).toBe("Bob Babbage");
    expect(first.date).toBeInstanceOf(Date);
    expect((first.to as { value: { name: string }[] }).value[0]?.name).toBe("Bob Babbage");
    const hello = messages.find((m) => m.subject === "Hi");
    expect(hello?.text?.trim()).toBe("Hello Ada");
  });

  it("holds the media's stored bytes, and a README naming each file", async () => {
    expect(zip.get("media/avatar.jpg")?.equals(await stored(uploaded.avatar))).toBe(true);
    expect(zip.get("media/banner.jpg")?.equals(await stored(uploaded.banner))).toBe(true);
    expect(zip.get("media/pictures/2.jpg")?.equals(await stored(uploaded.picture))).toBe(true);
    expect(
      zip.get(`media/posts/${imagePostId}-1.jpg`)?.equals(await stored(uploaded.postImage)),
    ).toBe(true);
    expect(
      zip.get(`media/posts/${imagePostId}-2.jpg`)?.equals(await stored(uploaded.postImage2)),
    ).toBe(true);
    const readme = zip.get("README.txt")?.toString() ?? "";
    for (const name of [
      "profile.json",
      "posts.json",
      "comments.json",
      "likes.json",
      "bookmarks.json",
      "followed_tags.json",
      "muted_words.json",
      "reposts.json",
      "following.csv",
      "mail.mbox",
      "media/",
    ]) {
      expect(readme).toContain(name);
    }
  });

  it("answers 404 to anyone but its owner, signed out included", async () => {
    for (const who of [bob, null]) {
      const res = await t.app.inject({
        method: "GET",
        url: downloadUrl,
        headers: who ? { cookie: who.cookie } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/json/);
    }
    const unknown = downloadUrl.replace(/[0-9a-f]{12}\/download$/, "000000000000/download");
    expect((await inject(t, ada, "GET", unknown)).statusCode).toBe(404);
    expect((await inject(t, ada, "GET", "/api/account/export/not-an-id/download")).statusCode).toBe(
      400,
    );
  });

  it("refuses a second export within a day and a signed-out request, changing nothing", async () => {
    const before = await exportRows(ada.userId);
    const refused = await inject(t, ada, "POST", "/api/account/export");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.retryAfter).toBeGreaterThan(23 * 3600);
    expect(await exportRows(ada.userId)).toEqual(before);
    const visitor = await inject(t, null, "POST", "/api/account/export");
    expect(visitor.statusCode).toBe(401);
    expect((await inject(t, null, "GET", "/api/account/export")).statusCode).toBe(401);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where topic = 'export.build'`,
    );
    expect(n).toBe(0);
  });

  it("sweeps an expired export: its file and row go, and the link answers 404", async () => {
    const [row] = await queryRows<{ object_key: string }>(
      t.database.db,
      sql`select object_key from account_exports where user_id = ${ada.userId}`,
    );
    const exportsDir = path.join(t.dataDir, "exports");
    const file = path.join(exportsDir, ...(row?.object_key ?? "").split("/"));
    expect(existsSync(file)).toBe(true);
    expect(await t.app.runExportSweep(new Date(Date.now() + 6 * 86_400_000))).toEqual({
      failed: 0,
      deleted: 0,
    });
    expect(await t.app.runExportSweep(new Date(Date.now() + 7 * 86_400_000 + 60_000))).toEqual({
      failed: 0,
      deleted: 1,
    });
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(path.dirname(file)).filter((name) => name.endsWith(".zip"))).toEqual([]);
    expect(await exportRows(ada.userId)).toEqual([]);
    const res = await inject(t, ada, "GET", downloadUrl);
    expect(res.statusCode).toBe(404);
  });
  it("refuses a link past its 7 days with 404 before the sweep has removed the row", async () => {
    const fay = await createAccount(t, { label: "fay" });
    const { state } = await requestAndBuild(fay);
    expect(state.export.status).toBe("ready");
    const link = state.export.downloadUrl as string;
    expect((await inject(t, fay, "GET", link)).statusCode).toBe(200);

    // Asked, built and mailed a week and a minute ago; the hourly sweep has not run since.
    const aged = await queryRows<{ object_key: string }>(
      t.database.db,
      sql`update account_exports
          set requested_at = now() - interval '7 days 2 minutes',
              ready_at = now() - interval '7 days 1 minute',
              expires_at = now() - interval '1 minute'
          where id = ${state.export.id} returning object_key`,
    );
    expect(aged).toHaveLength(1);
    const file = path.join(t.dataDir, "exports", ...(aged[0]?.object_key ?? "").split("/"));

    const res = await inject(t, fay, "GET", link);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
    expect(res.json().error.code).toBe("not_found");
    // Refused by its expiry alone: the row and the file are still there.
    expect(await exportRows(fay.userId)).toEqual([{ id: state.export.id, status: "ready" }]);
    expect(existsSync(file)).toBe(true);
    // The page no longer offers it, and a new copy may be asked for.
    expect((await inject(t, fay, "GET", "/api/account/export")).json()).toEqual({
      export: null,
      nextRequestAt: null,
    });

    await t.app.runExportSweep(new Date());
    expect(await exportRows(fay.userId)).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });
});

describe("a build and crashes", () => {
  it("leaves a build another instance is running, then takes it over once it falls silent", async () => {
    const dee = await createAccount(t, { label: "dee" });
    await publish(t, dee, "One post");
    // Another instance took the export a moment ago and is still showing life.
    const [taken] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into account_exports (user_id, heartbeat_at) values (${dee.userId}, now()) returning id`,
    );
    const id = taken?.id as string;
    await t.app.outbox.enqueue([{ topic: "export.build", payload: { exportId: id } }]);
    await t.app.outbox.drain();
    expect((await inject(t, dee, "GET", "/api/account/export")).json().export.status).toBe(
      "building",
    );
    const [left] = await queryRows<{ last_error: string }>(
      t.database.db,
      sql`select last_error from outbox where topic = 'export.build' and payload->>'exportId' = ${id}`,
    );
    expect(left?.last_error).toMatch(/being built elsewhere/);

    // That instance died: its heartbeat is two minutes old, and the retry is due.
    await t.database.db.execute(
      sql`update account_exports set heartbeat_at = now() - interval '2 minutes' where id = ${id}`,
    );
    await makeOutboxDue(t.database.db, "export.build");
    await t.app.outbox.drain();
    const { state } = { state: (await inject(t, dee, "GET", "/api/account/export")).json() };
    expect(state.export.status).toBe("ready");
    const res = await inject(t, dee, "GET", state.export.downloadUrl);
    const files = await unzip(res.rawPayload);
    expect(JSON.parse(files.get("posts.json")?.toString() ?? "")).toHaveLength(1);
  });

  it("marks a build silent for hours as failed, and the person may ask again", async () => {
    const eve = await createAccount(t, { label: "eve" });
    const asked = await inject(t, eve, "POST", "/api/account/export");
    const id = asked.json().export.id;
    await t.database.db.execute(sql`delete from outbox where topic = 'export.build'`);
    const report = await t.app.runExportSweep(new Date(Date.now() + 4 * 3_600_000));
    expect(report?.failed).toBeGreaterThanOrEqual(1);
    const state = (await inject(t, eve, "GET", "/api/account/export")).json();
    expect(state.export).toMatchObject({ id, status: "failed" });
    expect(state.nextRequestAt).toBeNull();
    const { state: again } = await requestAndBuild(eve);
    expect(again.export.status).toBe("ready");
    expect(again.export.id).not.toBe(id);
  });
});
