// Muted words over the real HTTP API (docs/safety.md "Muted words"): the list's rules (limits,
// duplicates, answered once, someone else's entry), the mark on every read of posts, comments
// and messages for the person who chose it only, and the expiry read with an injected clock.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MUTED_WORDS_MAX } from "../../../domain/muted-words";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let reader: TestAccount;
let author: TestAccount;
let other: TestAccount;
let spoilerPost: { id: string; path: string };
let plainPost: { id: string; path: string };
let warnedPost: { id: string; path: string };

const URL = "/api/safety/muted-words";
const add = (who: TestAccount, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: URL,
    payload: body,
    headers: { cookie: who.cookie, ...headers },
  });
const addOk = async (who: TestAccount, body: object) => {
  const res = await add(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().mutedWord as { id: string; expiresAt: string | null };
};
const removeAll = async (who: TestAccount) => {
  for (const { id } of (await inject(t, who, "GET", URL)).json().items) {
    await inject(t, who, "DELETE", `${URL}/${id}`);
  }
};
const mutedIn = async (who: TestAccount | null, url: string) => {
  const body = (await inject(t, who, "GET", url)).json();
  const items: { id: string; mutedBy?: string[] }[] = body.items ?? [body.post];
  return Object.fromEntries(items.map((i) => [i.id, i.mutedBy ?? null]));
};

beforeAll(async () => {
  t = await createTestApp();
  reader = await createAccount(t, { label: "reader", fullName: "Rita Reader" });
  author = await createAccount(t, { label: "author", fullName: "Arne Author" });
  other = await createAccount(t, { label: "other", fullName: "Otto Other" });
  await follow(t, reader, author);
  spoilerPost = await publish(t, author, "Big SPOILER: the butler did it #Finale");
  plainPost = await publish(t, author, "Spoilers are not this word");
  const warned = await inject(t, author, "POST", "/api/posts", {
    content: "What happens next",
    contentWarning: "Spoiler for episode 3",
  });
  warnedPost = warned.json().post;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  vi.useRealTimers();
  await removeAll(reader);
});

describe("the list", () => {
  it("is for the signed-in person only", async () => {
    expect((await inject(t, null, "GET", URL)).statusCode).toBe(401);
    expect((await add(reader, { text: "x", contexts: [], duration: "day" })).statusCode).toBe(400);
  });

  it("keeps an entry as written, with where it applies and its expiry", async () => {
    const before = Date.now();
    const word = await addOk(reader, {
      text: "  Game   of Thrones ",
      contexts: ["mail", "feed", "mail"],
      duration: "week",
    });
    expect(word).toMatchObject({
      duration: "week",
      text: "Game of Thrones",
      contexts: ["feed", "mail"],
      expired: false,
    });
    const expires = Date.parse(word.expiresAt ?? "");
    expect(expires - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    await addOk(reader, { text: "#Finale", contexts: ["feed"], duration: "never" });
    const list = (await inject(t, reader, "GET", URL)).json().items;
    expect(list.map((w: { text: string }) => w.text)).toEqual(["#Finale", "Game of Thrones"]);
    expect(list[0].expiresAt).toBeNull();
    // Nobody else sees or changes it.
    expect((await inject(t, other, "GET", URL)).json().items).toEqual([]);
    const patched = await inject(t, other, "PATCH", `${URL}/${word.id}`, { duration: "day" });
    expect(patched.statusCode).toBe(404);
    await inject(t, other, "DELETE", `${URL}/${word.id}`);
    expect((await inject(t, reader, "GET", URL)).json().items).toHaveLength(2);
  });

  it("refuses a duplicate of an entry that matches the same texts", async () => {
    await addOk(reader, { text: "game of thrones", contexts: ["feed"], duration: "day" });
    const again = await add(reader, {
      text: "Game-of-THRONES",
      contexts: ["mail"],
      duration: "never",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You already muted “Game-of-THRONES”.");
    // Another person may mute the same words.
    await addOk(other, { text: "game of thrones", contexts: ["feed"], duration: "day" });
    await removeAll(other);
  });

  it("names the field of an entry that cannot be one", async () => {
    for (const [text, message] of [
      ["?!", "Write a word, a phrase or a #hashtag."],
      ["#two words", "A hashtag is # and letters, digits or _, with no space."],
      ["x".repeat(101), "A muted word is at most 100 characters."],
    ]) {
      const res = await add(reader, { text, contexts: ["feed"], duration: "day" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.text).toEqual([message]);
    }
    const noWhere = await add(reader, { text: "ok", contexts: [], duration: "day" });
    expect(noWhere.json().error.fields.contexts).toEqual(["Choose where it applies."]);
    const badDuration = await add(reader, { text: "ok", contexts: ["feed"], duration: "year" });
    expect(badDuration.statusCode).toBe(400);
  });

  it(`holds at most ${MUTED_WORDS_MAX} entries`, async () => {
    const hoarder = await createAccount(t, { label: "hoarder", fullName: "Hanna Hoarder" });
    // The first 99 written directly: as many requests would spend the person's request budget.
    await queryRows(
      t.database.db,
      sql`insert into muted_words (user_id, text, key, contexts, duration)
        select ${hoarder.userId}, 'word' || n, 'word' || n, array['feed'], 'never'
        from generate_series(1, ${MUTED_WORDS_MAX - 1}) n`,
    );
    await addOk(hoarder, { text: "the last", contexts: ["feed"], duration: "day" });
    const over = await add(hoarder, { text: "one more", contexts: ["feed"], duration: "day" });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(
      `You can mute at most ${MUTED_WORDS_MAX} words. Remove one first.`,
    );
    expect((await inject(t, hoarder, "GET", URL)).json().items).toHaveLength(MUTED_WORDS_MAX);
  });

  it("answers a retried add once per Idempotency-Key, and a removal again as the first", async () => {
    const body = { text: "retried", contexts: ["feed"], duration: "day" };
    const headers = { "idempotency-key": "mute-retried-1" };
    const first = await add(reader, body, headers);
    const second = await add(reader, body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    const id = first.json().mutedWord.id;
    expect((await inject(t, reader, "DELETE", `${URL}/${id}`)).statusCode).toBe(204);
    expect((await inject(t, reader, "DELETE", `${URL}/${id}`)).statusCode).toBe(204);
    expect((await inject(t, reader, "GET", URL)).json().items).toEqual([]);
  });
});

describe("where it applies", () => {
  it("marks matching posts on the feed, the profile, the tag page and the post page", async () => {
    await addOk(reader, { text: "spoiler", contexts: ["feed"], duration: "never" });
    for (const url of ["/api/feed", `/api/users/${author.userId}/posts`]) {
      expect(await mutedIn(reader, url), url).toEqual({
        [spoilerPost.id]: ["spoiler"],
        [plainPost.id]: null,
        [warnedPost.id]: ["spoiler"],
      });
    }
    expect(await mutedIn(reader, "/api/tags/finale/posts")).toEqual({
      [spoilerPost.id]: ["spoiler"],
    });
    expect(await mutedIn(reader, `/api/posts/${spoilerPost.id}`)).toEqual({
      [spoilerPost.id]: ["spoiler"],
    });
    const [handle, slug] = spoilerPost.path.slice(1).split("/");
    expect(await mutedIn(reader, `/api/posts/by-path/${handle}/${slug}`)).toEqual({
      [spoilerPost.id]: ["spoiler"],
    });
    // Only for the person who chose it, never on their own posts.
    expect((await mutedIn(null, `/api/users/${author.userId}/posts`))[spoilerPost.id]).toBeNull();
    expect((await mutedIn(author, "/api/feed"))[spoilerPost.id]).toBeNull();
    await addOk(author, { text: "spoiler", contexts: ["feed"], duration: "never" });
    expect((await mutedIn(author, "/api/feed"))[spoilerPost.id]).toBeNull();
    await removeAll(author);
  });

  it("applies an entry added, changed or removed to the next read of a page read before", async () => {
    const spoilerMark = async () => (await mutedIn(reader, "/api/feed"))[spoilerPost.id];
    expect(await spoilerMark()).toBeNull();
    const word = await addOk(reader, { text: "spoiler", contexts: ["feed"], duration: "never" });
    expect(await spoilerMark()).toEqual(["spoiler"]);
    const patch = (contexts: string[]) =>
      inject(t, reader, "PATCH", `${URL}/${word.id}`, { contexts });
    expect((await patch(["mail"])).statusCode).toBe(200);
    expect(await spoilerMark()).toBeNull();
    expect((await patch(["feed", "mail"])).statusCode).toBe(200);
    expect(await spoilerMark()).toEqual(["spoiler"]);
    expect((await inject(t, reader, "DELETE", `${URL}/${word.id}`)).statusCode).toBe(204);
    expect(await spoilerMark()).toBeNull();
  });

  it("marks a #tag entry's hashtag only", async () => {
    await addOk(reader, { text: "#finale", contexts: ["feed"], duration: "never" });
    const marks = await mutedIn(reader, "/api/feed");
    expect(marks[spoilerPost.id]).toEqual(["#finale"]);
    expect(marks[warnedPost.id]).toBeNull();
  });

  it("marks comments and messages only where the entry applies", async () => {
    const comment = await inject(t, other, "POST", `/api/posts/${plainPost.id}/comments`, {
      content: "Total spoiler in here",
    });
    expect(comment.statusCode).toBe(201);
    const thread = (
      await inject(t, reader, "POST", "/api/mail/threads/direct", { userId: other.userId })
    ).json().thread.id;
    await inject(t, other, "POST", `/api/mail/threads/${thread}/messages`, {
      subject: "Spoiler inside",
      body: "You will want to know",
    });
    await inject(t, reader, "POST", `/api/mail/threads/${thread}/messages`, {
      subject: "Re: spoiler",
      body: "My own words are never muted",
    });
    const comments = `/api/posts/${plainPost.id}/comments`;
    const messages = `/api/mail/threads/${thread}/messages`;
    const word = await addOk(reader, { text: "spoiler", contexts: ["feed"], duration: "never" });
    expect(Object.values(await mutedIn(reader, comments))).toEqual([null]);
    expect(Object.values(await mutedIn(reader, messages))).toEqual([null, null]);

    await inject(t, reader, "PATCH", `${URL}/${word.id}`, { contexts: ["comments", "mail"] });
    expect(Object.values(await mutedIn(reader, comments))).toEqual([["spoiler"]]);
    // Newest first: the reader's own reply, then the other's message.
    expect(Object.values(await mutedIn(reader, messages))).toEqual([null, ["spoiler"]]);
    expect((await mutedIn(reader, "/api/feed"))[spoilerPost.id]).toBeNull();
    // The writer of the comment sees it as written.
    expect(Object.values(await mutedIn(other, comments))).toEqual([null]);
  });
});

describe("beyond the lists of posts, comments and messages", () => {
  it("marks the post a quote's card shows, bookmarks, a thread's latest line and Activity's snippets", async () => {
    // A quote by the reader's followee of a post that matches; the quote's own words do not.
    const quote = await inject(t, author, "POST", "/api/posts", {
      content: "Look at this one",
      quoteOf: spoilerPost.id,
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const quoteId = quote.json().post.id as string;
    // A thread whose latest message matches, and a comment on the reader's post that does.
    const thread = (
      await inject(t, reader, "POST", "/api/mail/threads/direct", { userId: author.userId })
    ).json().thread.id as string;
    await inject(t, author, "POST", `/api/mail/threads/${thread}/messages`, {
      subject: "Hello",
      body: "The spoiler, as promised",
    });
    const own = await publish(t, reader, "Rita's own post");
    await inject(t, author, "POST", `/api/posts/${own.id}/comments`, {
      content: "Spoiler alert in a comment",
    });

    const feedCard = async () =>
      (
        (await inject(t, reader, "GET", "/api/feed")).json().items as {
          id: string;
          mutedBy?: string[];
          quote?: { mutedBy?: string[] };
        }[]
      ).find((p) => p.id === quoteId);
    const latestLine = async () =>
      (
        (await inject(t, reader, "GET", "/api/mail/threads")).json().items as {
          id: string;
          latestMessage: { mutedBy?: string[] } | null;
        }[]
      ).find((th) => th.id === thread)?.latestMessage?.mutedBy ?? null;
    const commented = async () =>
      (
        (await inject(t, reader, "GET", "/api/activity")).json().groups as {
          groupType: string;
          postId: string;
          mutedBy?: string[];
        }[]
      ).find((g) => g.groupType === "COMMENT" && g.postId === own.id)?.mutedBy ?? null;

    expect((await feedCard())?.quote?.mutedBy).toBeUndefined();
    expect(await latestLine()).toBeNull();
    expect(await commented()).toBeNull();
    await inject(t, reader, "PUT", `/api/posts/${spoilerPost.id}/bookmark`);
    const bookmarked = async () =>
      (await mutedIn(reader, "/api/bookmarks"))[spoilerPost.id] ?? null;
    expect(await bookmarked()).toBeNull();

    const word = await addOk(reader, { text: "spoiler", contexts: ["feed"], duration: "never" });
    const card = await feedCard();
    expect(card?.mutedBy).toBeUndefined();
    expect(card?.quote?.mutedBy).toEqual(["spoiler"]);
    expect(await bookmarked()).toEqual(["spoiler"]);
    expect(await latestLine()).toBeNull();
    expect(await commented()).toBeNull();

    await inject(t, reader, "PATCH", `${URL}/${word.id}`, { contexts: ["comments", "mail"] });
    expect((await feedCard())?.quote?.mutedBy).toBeUndefined();
    expect(await latestLine()).toEqual(["spoiler"]);
    expect(await commented()).toEqual(["spoiler"]);
    // The writer reads their own words whole.
    const theirs = (await inject(t, author, "GET", "/api/mail/threads")).json().items as {
      id: string;
      latestMessage: { mutedBy?: string[] } | null;
    }[];
    expect(theirs.find((th) => th.id === thread)?.latestMessage?.mutedBy).toBeUndefined();
  });
});

describe("expiry", () => {
  it("hides until a second before it expires and shows a second after; renewing mutes again", async () => {
    const word = await addOk(reader, { text: "butler", contexts: ["feed"], duration: "day" });
    const expiry = Date.parse(word.expiresAt ?? "");

    vi.useFakeTimers({ toFake: ["Date"], now: expiry - 1000 });
    expect((await mutedIn(reader, "/api/feed"))[spoilerPost.id]).toEqual(["butler"]);
    expect((await inject(t, reader, "GET", URL)).json().items[0].expired).toBe(false);

    vi.setSystemTime(expiry + 1000);
    expect((await mutedIn(reader, "/api/feed"))[spoilerPost.id]).toBeNull();
    expect((await mutedIn(reader, `/api/posts/${spoilerPost.id}`))[spoilerPost.id]).toBeNull();
    const listed = (await inject(t, reader, "GET", URL)).json().items;
    expect(listed).toEqual([expect.objectContaining({ id: word.id, expired: true })]);

    const renewed = await inject(t, reader, "PATCH", `${URL}/${word.id}`, { duration: "week" });
    expect(renewed.json().mutedWord).toMatchObject({
      expired: false,
      duration: "week",
      expiresAt: new Date(expiry + 1000 + 7 * 86_400_000).toISOString(),
    });
    expect((await mutedIn(reader, "/api/feed"))[spoilerPost.id]).toEqual(["butler"]);
  });
});
