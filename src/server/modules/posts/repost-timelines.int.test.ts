// Reposts in the timelines (docs/feed.md "Reposts in the timelines"): the reposts the first page
// reads from the reader's timeline are those the merge per followee gives (repostFeedKeys, which
// pages after the first use) through reposts and their undoing, follows after a repost, unfollows,
// mutes, a followed author, deletions, private accounts, suspensions and very-followed reposters
// merged at read; follows and reposts committed at the same moment reach every follower; an
// account's deletion and the sweep leave no row behind.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { deleteAccount } from "../../test-support/federation-instances";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { firstFeedKeys } from "../federation/note-queries";
import { repostFeedKeys } from "./repost-queries";
import { PULL_FOLLOWERS, TIMELINE_DAYS } from "./timeline-queries";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PAGE = 21;

/** The reader's first page's reposts, as the first page's statement reads them. */
async function fromTimeline(reader: TestAccount): Promise<string[]> {
  const keys = await firstFeedKeys(t.database.db, { viewerId: reader.userId, limit: PAGE });
  return keys.reposts.map((key) => key.repostOf);
}

/** The same by the merge per followee. */
async function merged(reader: TestAccount): Promise<string[]> {
  const keys = await repostFeedKeys(t.database.db, {
    viewerId: reader.userId,
    limit: PAGE,
    cursor: null,
  });
  return keys.map((key) => key.repostOf);
}

/** The timeline's reposts equal the merge's, and are the posts expected (newest repost first). */
async function expectReposts(reader: TestAccount, posts: string[]) {
  expect(await merged(reader)).toEqual(posts);
  expect(await fromTimeline(reader)).toEqual(posts);
}

const repost = (who: TestAccount, postId: string) =>
  inject(t, who, "PUT", `/api/posts/${postId}/repost`);
const unrepost = (who: TestAccount, postId: string) =>
  inject(t, who, "DELETE", `/api/posts/${postId}/repost`);

async function unfollow(who: TestAccount, target: TestAccount) {
  const res = await inject(t, who, "POST", "/api/follows/toggle", { targetUserId: target.userId });
  expect(res.json().following).toBe(false);
}

async function rowsOf(reposter: TestAccount) {
  const rows = await queryRows<{ reader_id: string }>(
    t.database.db,
    sql`select distinct reader_id from home_reposts where reposter_id = ${reposter.userId} order by reader_id`,
  );
  return rows.map((row) => row.reader_id);
}

/** One new account per label, in order. */
const accounts = <Labels extends string[]>(...labels: Labels) =>
  Promise.all(labels.map((label) => createAccount(t, { label }))) as Promise<{
    [K in keyof Labels]: TestAccount;
  }>;

describe("reposts in the timelines", () => {
  it("are written at the repost's time and read as the merge per followee reads them, through every change", async () => {
    const [reader, rita, ann, late] = await accounts("reader", "rita", "ann", "late");
    await follow(t, reader, rita);
    const [a1, a2, a3] = [
      await publish(t, ann, "ann one"),
      await publish(t, ann, "ann two"),
      await publish(t, ann, "ann three"),
    ].map((post) => post.id) as [string, string, string];

    for (const id of [a1, a2, a3]) expect((await repost(rita, id)).statusCode).toBe(200);
    expect(await rowsOf(rita)).toEqual([reader.userId, rita.userId].sort());
    await expectReposts(reader, [a3, a2, a1]);

    // Undoing takes the repost out of every timeline; doing it twice changes nothing more.
    await unrepost(rita, a2);
    await unrepost(rita, a2);
    await expectReposts(reader, [a3, a1]);

    // A follow after the reposts copies them in; an unfollow takes them out.
    await follow(t, late, rita);
    await expectReposts(late, [a3, a1]);
    await unfollow(late, rita);
    expect(await rowsOf(rita)).toEqual([reader.userId, rita.userId].sort());
    expect(await fromTimeline(late)).toEqual([]);

    // A muted reposter's reposts are not shown, and are again once unmuted.
    expect((await inject(t, reader, "POST", `/api/safety/mutes/${rita.userId}`)).statusCode).toBe(
      200,
    );
    await expectReposts(reader, []);
    expect((await inject(t, reader, "DELETE", `/api/safety/mutes/${rita.userId}`)).statusCode).toBe(
      200,
    );
    await expectReposts(reader, [a3, a1]);

    // A muted author's posts are not shown as reposts.
    expect((await inject(t, reader, "POST", `/api/safety/mutes/${ann.userId}`)).statusCode).toBe(
      200,
    );
    await expectReposts(reader, []);
    expect((await inject(t, reader, "DELETE", `/api/safety/mutes/${ann.userId}`)).statusCode).toBe(
      200,
    );

    // A deleted post's reposts go with it.
    expect((await inject(t, ann, "DELETE", `/api/posts/${a3}`)).statusCode).toBe(200);
    await expectReposts(reader, [a1]);

    // The reader who follows the author has the post itself, not the repost.
    await follow(t, reader, ann);
    await expectReposts(reader, []);
    await unfollow(reader, ann);
    await expectReposts(reader, [a1]);

    // A private account's posts are for its approved followers: the repost is not shown.
    await t.database.db.execute(
      sql`update profiles set private_account = true where user_id = ${ann.userId}`,
    );
    await expectReposts(reader, []);
    await t.database.db.execute(
      sql`update profiles set private_account = false where user_id = ${ann.userId}`,
    );

    // A suspended reposter's reposts are not shown.
    await t.database.db.execute(
      sql`update profiles set suspended_at = now() where user_id = ${rita.userId}`,
    );
    await expectReposts(reader, []);
    await t.database.db.execute(
      sql`update profiles set suspended_at = null where user_id = ${rita.userId}`,
    );
    await expectReposts(reader, [a1]);

    // The reposter's own reposts are in their own feed.
    await expectReposts(rita, [a1]);
  });

  it("merges a very-followed reposter's reposts at read, from their own rows", async () => {
    const [reader, star, ann] = await accounts("reader", "star", "ann");
    await follow(t, reader, star);
    const before = await publish(t, ann, "reposted before the crowd");
    const after = await publish(t, ann, "reposted to the crowd");
    await repost(star, before.id);
    await t.database.db.execute(
      sql`update profiles set followers_count = ${PULL_FOLLOWERS} where user_id = ${star.userId}`,
    );
    await repost(star, after.id);
    // Only the star's own row for the second: their followers read it at read time.
    const [pulledRows] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from home_reposts r join post_reposts p on p.id = r.repost_id
          where p.post_id = ${after.id}`,
    );
    expect(pulledRows?.n).toBe(1);
    await expectReposts(reader, [after.id, before.id]);
    // A follow after that copies nothing from a reposter merged at read, and reads them all.
    const [late] = await accounts("late");
    await follow(t, late, star);
    await expectReposts(late, [after.id, before.id]);
  });

  it("are not read for a first page full of newer posts, and come on the next page", async () => {
    const [reader, rita, bob, ann] = await accounts("reader", "rita", "bob", "ann");
    await follow(t, reader, rita);
    await follow(t, reader, bob);
    const old = await publish(t, ann, "reposted before a busy day");
    expect((await repost(rita, old.id)).statusCode).toBe(200);
    await expectReposts(reader, [old.id]);
    for (let i = 0; i < PAGE; i++) await publish(t, bob, `busy ${i}`);

    // The first page's statement stops at the oldest of its 21 posts; the merge still has it.
    expect(await fromTimeline(reader)).toEqual([]);
    expect(await merged(reader)).toEqual([old.id]);

    const feed = async (query: string) => {
      const res = await inject(t, reader, "GET", `/api/feed${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { id: string; repostedBy?: { person: { userId: string } } }[];
        nextCursor: string | null;
      };
    };
    const first = await feed("");
    expect(first.items.some((item) => item.id === old.id)).toBe(false);
    expect(first.nextCursor).toBeTruthy();
    const second = await feed(`?cursor=${encodeURIComponent(first.nextCursor as string)}`);
    const shown = second.items.find((item) => item.id === old.id);
    expect(shown?.repostedBy?.person.userId).toBe(rita.userId);
  });

  it("leaves no row of a deleted account, and are swept past their days", async () => {
    const [reader, rita, ann] = await accounts("reader", "rita", "ann");
    await follow(t, reader, rita);
    const old = await publish(t, ann, "reposted long ago");
    const fresh = await publish(t, ann, "reposted today");
    await repost(rita, old.id);
    await repost(rita, fresh.id);
    const longAgo = new Date(Date.now() - (TIMELINE_DAYS + 1) * 86_400_000);
    await t.database.db.execute(
      sql`update home_reposts set created_at = ${longAgo}
          where repost_id = (select id from post_reposts where post_id = ${old.id})`,
    );
    await t.database.db.execute(
      sql`update post_reposts set created_at = ${longAgo} where post_id = ${old.id}`,
    );
    expect(await fromTimeline(reader)).toEqual([fresh.id]);
    expect(await t.app.runTimelineSweep(new Date())).toBeGreaterThanOrEqual(2);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from home_reposts where created_at <= ${new Date(Date.now() - TIMELINE_DAYS * 86_400_000)}`,
    );
    expect(left?.n).toBe(0);

    expect((await deleteAccount(t, rita)).statusCode).toBe(200);
    expect(await rowsOf(rita)).toEqual([]);
    expect(await fromTimeline(reader)).toEqual([]);
  });
});

describe("reposts in the timelines under concurrent follows and reposts", () => {
  it("reach every follower, whichever commits first", async () => {
    const [reposter, author] = await accounts("busy", "author");
    const readers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createAccount(t, { label: `fan${i}` })),
    );
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push((await publish(t, author, `to repost ${i}`)).id);
    await Promise.all([
      ...readers.map((reader) => follow(t, reader, reposter)),
      (async () => {
        for (const id of posts) expect((await repost(reposter, id)).statusCode).toBe(200);
      })(),
    ]);
    const expected = [...posts].reverse();
    for (const reader of readers) expect(await fromTimeline(reader)).toEqual(expected);
  });
});
