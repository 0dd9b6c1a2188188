// Timelines written at post time (docs/feed.md): the first page read from the reader's timeline is
// the feed's definition (followees' and own live posts, none muted or suspended, newest first)
// through deletes, unfollows, mutes, blocks, suspensions, follows of people who posted before,
// very-followed authors merged at read and a moderator's restore; follows and posts committed at
// the same moment (without the author lock of writeToTimelines this fails on PostgreSQL); the
// sweep drops old rows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { firstFeedKeys } from "../federation/note-queries";
import { PULL_FOLLOWERS, TIMELINE_DAYS, writeToTimelines } from "./timeline-queries";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PAGE = 21;

/** The feed as docs/feed.md defines it, read straight from posts and follows. */
async function definition(reader: TestAccount): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select p.id from posts p
        where p.deleted_at is null and (p.user_id = ${reader.userId} or (
          p.user_id in (select following_id from followers where follower_id = ${reader.userId})
          and p.user_id not in (select muted_id from mutes where muter_id = ${reader.userId})
          and p.user_id not in (select user_id from profiles where suspended_at is not null)))
        order by p.created_at desc, p.id desc limit ${PAGE}`,
  );
  return rows.map((row) => row.id);
}

/** The reader's own keys as the first page's statement reads them from the timeline. */
async function fromTimeline(reader: TestAccount): Promise<string[]> {
  const keys = await firstFeedKeys(t.database.db, { viewerId: reader.userId, limit: PAGE });
  return keys.own.map((key) => key.id);
}

async function expectExact(reader: TestAccount) {
  const expected = await definition(reader);
  expect(expected).toHaveLength(PAGE);
  expect(await fromTimeline(reader)).toEqual(expected);
}

async function postMany(who: TestAccount, count: number, label: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await publish(t, who, `${label} ${i}`)).id);
  return ids;
}

const rowsOf = async (postId: string) =>
  (
    await queryRows<{ reader_id: string }>(
      t.database.db,
      sql`select reader_id from home_timelines where post_id = ${postId} order by reader_id`,
    )
  ).map((row) => row.reader_id);

describe("home timelines", () => {
  it("write each post to its followers and its author, and read the feed's own page through every change", async () => {
    const [reader, ann, ben, cat, dan, late, other] = await Promise.all(
      ["reader", "ann", "ben", "cat", "dan", "late", "other"].map((label) =>
        createAccount(t, { label }),
      ),
    );
    const r = reader as TestAccount;
    for (const who of [ann, ben, cat, dan]) await follow(t, r, who as TestAccount);
    await follow(t, other as TestAccount, ann as TestAccount);

    const annPosts = await postMany(ann as TestAccount, 20, "ann");
    await postMany(ben as TestAccount, 5, "ben");
    await postMany(cat as TestAccount, 5, "cat");
    await postMany(dan as TestAccount, 5, "dan");
    await postMany(late as TestAccount, 5, "late");
    await postMany(r, 2, "own");
    const first = annPosts[0] as string;
    expect(await rowsOf(first)).toEqual(
      [reader, ann, other].map((who) => (who as TestAccount).userId).sort(),
    );
    await expectExact(r);

    expect(
      (await inject(t, ann as TestAccount, "DELETE", `/api/posts/${annPosts[19]}`)).statusCode,
    ).toBe(200);
    await expectExact(r);

    await inject(t, r, "POST", "/api/follows/toggle", {
      targetUserId: (ben as TestAccount).userId,
    });
    await expectExact(r);

    await inject(t, r, "POST", `/api/safety/mutes/${(cat as TestAccount).userId}`);
    await expectExact(r);

    await inject(t, r, "POST", `/api/safety/blocks/${(dan as TestAccount).userId}`);
    await expectExact(r);

    // Followed after they posted: the follow copies their posts in.
    await follow(t, r, late as TestAccount);
    await expectExact(r);
    expect(await fromTimeline(r)).toContain((await definition(r))[0]);

    await t.database.db.execute(
      sql`update profiles set suspended_at = now() where user_id = ${(late as TestAccount).userId}`,
    );
    await expectExact(r);
  });

  it("takes a deleted post out of every timeline, and an unfollowed author's posts out of the follower's", async () => {
    const [reader, author, other] = await Promise.all(
      ["reader", "author", "other"].map((label) => createAccount(t, { label })),
    );
    const r = reader as TestAccount;
    const a = author as TestAccount;
    await follow(t, r, a);
    await follow(t, other as TestAccount, a);
    const ids = await postMany(a, PAGE + 2, "author");
    const [oldest, newest] = [ids[0] as string, ids.at(-1) as string];
    await expectExact(r);

    expect((await inject(t, a, "DELETE", `/api/posts/${oldest}`)).statusCode).toBe(200);
    expect(await rowsOf(oldest)).toEqual([]);
    expect(await rowsOf(newest)).toEqual(
      [r, a, other].map((who) => (who as TestAccount).userId).sort(),
    );

    const unfollowed = await inject(t, r, "POST", "/api/follows/toggle", {
      targetUserId: a.userId,
    });
    expect(unfollowed.json().following).toBe(false);
    expect(await rowsOf(newest)).toEqual(
      [a, other].map((who) => (who as TestAccount).userId).sort(),
    );
    // Deleted while the reader was away, then followed again: the follow copies only live posts.
    expect((await inject(t, a, "DELETE", `/api/posts/${newest}`)).statusCode).toBe(200);
    await follow(t, r, a);
    expect(await rowsOf(newest)).toEqual([]);
    await expectExact(r);
  });

  it("merges a very-followed author at read, from their first post at that size on", async () => {
    const [reader, star, plain] = await Promise.all(
      ["reader", "star", "plain"].map((label) => createAccount(t, { label })),
    );
    const r = reader as TestAccount;
    await follow(t, r, star as TestAccount);
    await follow(t, r, plain as TestAccount);
    const before = await publish(t, star as TestAccount, "before the crowd");
    await postMany(plain as TestAccount, 20, "plain");
    await t.database.db.execute(
      sql`update profiles set followers_count = ${PULL_FOLLOWERS} where user_id = ${(star as TestAccount).userId}`,
    );
    const after = await postMany(star as TestAccount, 3, "to the crowd");
    for (const id of after) expect(await rowsOf(id)).toEqual([]);
    expect(await rowsOf(before.id)).toHaveLength(2);
    const [pulled] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from feed_pull_authors where user_id = ${(star as TestAccount).userId}`,
    );
    expect(pulled?.n).toBe(1);
    await expectExact(r);

    // Once merged, always merged: fewer followers later do not put them back in timelines.
    await t.database.db.execute(
      sql`update profiles set followers_count = 1 where user_id = ${(star as TestAccount).userId}`,
    );
    const later = await publish(t, star as TestAccount, "still merged");
    expect(await rowsOf(later.id)).toEqual([]);
    await expectExact(r);
  });

  it("writes a restored post to the timelines of people who followed while it was removed", async () => {
    const [author, reader] = await Promise.all(
      ["author", "reader"].map((label) => createAccount(t, { label })),
    );
    const post = await publish(t, author as TestAccount, "removed for a while");
    await t.database.db.execute(
      sql`update posts set deleted_at = now(), removed_at = now() where id = ${post.id}`,
    );
    await follow(t, reader as TestAccount, author as TestAccount);
    expect(await rowsOf(post.id)).toEqual([(author as TestAccount).userId]);
    await t.database.db.execute(
      sql`update posts set deleted_at = null, removed_at = null where id = ${post.id}`,
    );
    await writeToTimelines(t.database.db, {
      postId: post.id,
      authorId: (author as TestAccount).userId,
    });
    expect(await rowsOf(post.id)).toEqual(
      [author, reader].map((who) => (who as TestAccount).userId).sort(),
    );
  });

  it("is not read past its days, and the sweep deletes what is older", async () => {
    const [reader, author] = await Promise.all(
      ["reader", "author"].map((label) => createAccount(t, { label })),
    );
    const r = reader as TestAccount;
    await follow(t, r, author as TestAccount);
    const old = await publish(t, author as TestAccount, "an old post");
    const fresh = await publish(t, author as TestAccount, "a fresh post");
    const longAgo = new Date(Date.now() - (TIMELINE_DAYS + 1) * 86_400_000);
    await t.database.db.execute(sql`update posts set created_at = ${longAgo} where id = ${old.id}`);
    await t.database.db.execute(
      sql`update home_timelines set created_at = ${longAgo} where post_id = ${old.id}`,
    );
    // Within its days the timeline holds only the fresh post: too few for a page, so the feed
    // reads the merge, which reaches the old one.
    expect(await fromTimeline(r)).toEqual([fresh.id]);
    const page = await inject(t, r, "GET", "/api/feed");
    expect(page.json().items.map((item: { id: string }) => item.id)).toEqual([fresh.id, old.id]);

    expect(await t.app.runTimelineSweep(new Date())).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(old.id)).toEqual([]);
    expect(await rowsOf(fresh.id)).toHaveLength(2);
  });
});

describe("home timelines under concurrent follows and posts", () => {
  it("give every follower every post, whichever commits first", async () => {
    const author = await createAccount(t, { label: "busy" });
    const readers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createAccount(t, { label: `fan${i}` })),
    );
    const posted: string[] = [];
    await Promise.all([
      ...readers.map((reader) => follow(t, reader, author)),
      (async () => {
        for (let i = 0; i < 6; i++) posted.push((await publish(t, author, `busy ${i}`)).id);
      })(),
    ]);
    for (const id of posted) {
      expect(await rowsOf(id)).toEqual([author, ...readers].map((who) => who.userId).sort());
    }
  });
});
