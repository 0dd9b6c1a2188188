// Quotes (docs/feed.md "Reposts and quotes"): a post that shows another as a card, refused for a
// post its author may not see, a private account's or a gone one; a card a reader may not see
// (a block either way, a mute, a private account not followed, deleted, detached) says only that
// it is unavailable; the quoted post's count equals its live, attached quotes however many
// requests race; its author may detach their post from a quote.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { multipartPost } from "../../test-support/multipart";
import { follow, inject, publish, quoteCounts } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** `n` new people (at least as many as the caller names). */
const people = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => createAccount(t)))) as [
    TestAccount,
    TestAccount,
    TestAccount,
    ...TestAccount[],
  ];
const quote = (who: TestAccount, quoteOf: string, content = "Look at this") =>
  inject(t, who, "POST", "/api/posts", { content, quoteOf });
const detach = (who: TestAccount | null, quoteId: string) =>
  inject(t, who, "DELETE", `/api/posts/${quoteId}/quote`);
const read = async (who: TestAccount, postId: string): Promise<PostView> => {
  const res = await inject(t, who, "GET", `/api/posts/${postId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post;
};
const feed = async (who: TestAccount): Promise<PostView[]> => {
  const res = await inject(t, who, "GET", "/api/feed");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};
const postsOf = async (who: TestAccount) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from posts where user_id = ${who.userId}`,
    )
  )[0]?.n;

describe("quoting", () => {
  it("shows the quoted post as a card (author, text, first image, warning, path) and counts it", async () => {
    const [cal, ben] = await people(2);
    const image = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#3a7" },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = await multipartPost("Cal's garden", [image, image], {
      contentWarning: "Greenery",
      alt0: "A lawn",
    });
    const posted = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      payload,
      headers: { ...headers, cookie: cal.cookie },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const original: PostView = posted.json().post;

    const res = await quote(ben, original.id, "Ben says: lovely");
    expect(res.statusCode, res.body).toBe(201);
    const made: PostView = res.json().post;
    expect(made.quote).toMatchObject({
      unavailable: false,
      id: original.id,
      author: { userId: cal.userId },
      content: "Cal's garden",
      contentWarning: "Greenery",
      image: { alt: "A lawn" },
      path: original.path,
    });
    expect((await read(cal, original.id)).quotesCount).toBe(1);
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 1, counted: 1 });
    // The post page by path shows the same card.
    const [, handle, slug] = made.path.split("/");
    const byPath = await inject(t, cal, "GET", `/api/posts/by-path/${handle}/${slug}`);
    expect(byPath.json().post.quote).toMatchObject({ unavailable: false, id: original.id });
    // A post that quotes none has no card.
    expect((await read(ben, original.id)).quote).toBeUndefined();
  });

  it("takes quoteOf from the composer's multipart form too", async () => {
    const [cal, ben] = await people(2);
    const original = await publish(t, cal, "Quote me with a photo");
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = await multipartPost("With my photo", [image], {
      quoteOf: original.id,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      payload,
      headers: { ...headers, cookie: ben.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().post.quote).toMatchObject({ unavailable: false, id: original.id });
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 1, counted: 1 });
  });

  it("refuses a post its author may not see, a private account's or a gone one, and changes nothing", async () => {
    const [cal, ben, pia] = await people(3);
    const post = await publish(t, cal, "Cal's post");
    const before = await postsOf(ben);
    expect((await quote(ben, "not-a-uuid")).statusCode).toBe(400);
    expect((await quote(ben, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect(
      (await inject(t, null, "POST", "/api/posts", { content: "x", quoteOf: post.id })).statusCode,
    ).toBe(401);

    await follow(t, ben, pia);
    const secret = await publish(t, pia, "For my followers");
    await inject(t, pia, "PUT", "/api/account/privacy", { privateAccount: true });
    for (const who of [ben, pia]) {
      const res = await quote(who, secret.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe("quote_private");
    }

    await inject(t, cal, "POST", `/api/safety/blocks/${ben.userId}`);
    const blocked = await quote(ben, post.id);
    expect(blocked.statusCode, blocked.body).toBe(404);
    await inject(t, cal, "DELETE", `/api/safety/blocks/${ben.userId}`);

    const gone = await publish(t, cal, "Gone soon");
    await inject(t, cal, "DELETE", `/api/posts/${gone.id}`);
    expect((await quote(ben, gone.id)).statusCode).toBe(404);

    expect(await postsOf(ben)).toBe(before);
    expect(await quoteCounts(t, post.id)).toEqual({ stored: 0, counted: 0 });
    expect(await quoteCounts(t, secret.id)).toEqual({ stored: 0, counted: 0 });
  });
});

describe("the card a reader is shown", () => {
  it("is unavailable, never the content, across blocks, mutes, a private account, deletion and detaching", async () => {
    const [reader, ben, cal] = await people(3);
    await follow(t, reader, ben);
    const original = await publish(t, cal, "The secret sauce recipe");
    const made: PostView = (await quote(ben, original.id, "Ben's quote")).json().post;
    const cardIn = async () => {
      const [fromFeed] = await feed(reader);
      expect(fromFeed?.id).toBe(made.id);
      const direct = await read(reader, made.id);
      expect(direct.quote).toEqual(fromFeed?.quote);
      // The profile's page of posts too.
      const profile = await inject(t, reader, "GET", `/api/users/${ben.userId}/posts`);
      expect(profile.json().items[0].quote).toEqual(fromFeed?.quote);
      return fromFeed?.quote;
    };
    expect(await cardIn()).toMatchObject({
      unavailable: false,
      content: "The secret sauce recipe",
    });

    const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        "the reader mutes the quoted author",
        () => inject(t, reader, "POST", `/api/safety/mutes/${cal.userId}`),
        () => inject(t, reader, "DELETE", `/api/safety/mutes/${cal.userId}`),
      ],
      [
        "the quoted author blocks the reader",
        () => inject(t, cal, "POST", `/api/safety/blocks/${reader.userId}`),
        () => inject(t, cal, "DELETE", `/api/safety/blocks/${reader.userId}`),
      ],
      [
        "the reader blocks the quoted author",
        () => inject(t, reader, "POST", `/api/safety/blocks/${cal.userId}`),
        () => inject(t, reader, "DELETE", `/api/safety/blocks/${cal.userId}`),
      ],
      [
        "the quoted author's account turns private",
        () => inject(t, cal, "PUT", "/api/account/privacy", { privateAccount: true }),
        () => inject(t, cal, "PUT", "/api/account/privacy", { privateAccount: false }),
      ],
    ];
    for (const [what, start, end] of cases) {
      expect((await start()) as { statusCode: number }, what).toMatchObject({ statusCode: 200 });
      const card = await cardIn();
      expect(card, what).toEqual({ unavailable: true, detached: false });
      await end();
      expect(await cardIn(), `${what}, undone`).toMatchObject({ unavailable: false });
    }

    // The quoter still sees the card while the reader may not; the quoted author always does.
    await inject(t, cal, "POST", `/api/safety/blocks/${reader.userId}`);
    expect((await read(ben, made.id)).quote).toMatchObject({ unavailable: false });
    expect((await read(cal, made.id)).quote).toMatchObject({ unavailable: false });
    await inject(t, cal, "DELETE", `/api/safety/blocks/${reader.userId}`);

    // Deleted: unavailable for everyone, the quote stays.
    await inject(t, cal, "DELETE", `/api/posts/${original.id}`);
    expect(await cardIn()).toEqual({ unavailable: true, detached: false });
    expect((await read(ben, made.id)).quote).toEqual({ unavailable: true, detached: false });
  });

  it("says the author removed the post from the quote, for everyone, and the count drops", async () => {
    const [cal, ben, dan] = await people(3);
    const original = await publish(t, cal, "Detach me");
    const made: PostView = (await quote(ben, original.id)).json().post;
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 1, counted: 1 });

    // Only the quoted post's author may detach; others are told there is no such quote.
    expect((await detach(ben, made.id)).statusCode).toBe(404);
    expect((await detach(dan, made.id)).statusCode).toBe(404);
    expect((await detach(null, made.id)).statusCode).toBe(401);
    expect((await detach(cal, "not-a-uuid")).statusCode).toBe(400);
    expect((await read(dan, made.id)).quote).toMatchObject({ unavailable: false });

    for (let i = 0; i < 2; i++) {
      const res = await detach(cal, made.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ detached: true, quotesCount: 0 });
    }
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 0, counted: 0 });
    for (const who of [cal, ben, dan]) {
      const shown = await read(who, made.id);
      expect(shown.quote).toEqual({ unavailable: true, detached: true });
      expect(shown.content).toBe("Look at this");
    }
    expect((await read(cal, original.id)).quotesCount).toBe(0);
    // Deleting a detached quote leaves the count as it is.
    await inject(t, ben, "DELETE", `/api/posts/${made.id}`);
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 0, counted: 0 });
  });
});

describe("quote counts", () => {
  it("stay exact under 50 concurrent quotes, then deletions and detachings racing", async () => {
    const [cal] = await people(1);
    const original = await publish(t, cal as TestAccount, "Everyone quotes this");
    const quoters = await people(50);
    const made = await Promise.all(quoters.map((q, i) => quote(q, original.id, `Quote ${i}`)));
    expect(made.map((r) => r.statusCode)).toEqual(quoters.map(() => 201));
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 50, counted: 50 });
    const ids: string[] = made.map((r) => r.json().post.id);

    // The first 30 are deleted by their authors while Cal detaches quotes 20 to 49: quotes 20 to
    // 29 are deleted and detached at once.
    const racing = await Promise.all([
      ...ids
        .slice(0, 30)
        .map((id, i) => inject(t, quoters[i] as TestAccount, "DELETE", `/api/posts/${id}`)),
      ...ids.slice(20).map((id) => detach(cal as TestAccount, id)),
    ]);
    expect(racing.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 0, counted: 0 });
    const last = await quote(cal as TestAccount, original.id, "My own quote");
    expect(last.statusCode).toBe(201);
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 1, counted: 1 });
    // Fifty new accounts alone take about 20 s on PostgreSQL here.
  }, 120_000);

  it("drop a deleted account's quotes", async () => {
    const [cal, ben] = await people(2);
    const original = await publish(t, cal, "Quoted by someone leaving");
    await quote(ben, original.id);
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 1, counted: 1 });
    expect((await inject(t, ben, "POST", "/api/account/deletion/code")).statusCode).toBe(200);
    const mail = t.mailbox
      .all()
      .filter((m) => m.to.includes(ben.email) && m.subject.includes("delete your"))
      .at(-1);
    const code = mail?.subject.match(/^(\d{6}) /)?.[1] ?? "";
    const gone = await inject(t, ben, "POST", "/api/account/deletion", { code });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await quoteCounts(t, original.id)).toEqual({ stored: 0, counted: 0 });
  });
});
