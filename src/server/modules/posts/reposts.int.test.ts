// Reposts (docs/feed.md "Reposts and quotes"): one per person and post, a count that equals the
// rows however many requests race, "Reposted by" in the reposter's followers' home feeds at the
// repost's time, never a post the reader may not see, and a private account's posts not at all.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostView } from "../../../domain/contracts/posts";
import { queryRows } from "../../db/client";
import { encodeCursor } from "../../db/keyset";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { follow, inject, publish } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const people = (n: number) => Promise.all(Array.from({ length: n }, () => createAccount(t)));
const repost = (who: TestAccount, postId: string) =>
  inject(t, who, "PUT", `/api/posts/${postId}/repost`);
const unrepost = (who: TestAccount, postId: string) =>
  inject(t, who, "DELETE", `/api/posts/${postId}/repost`);
const feed = async (who: TestAccount, query = "") => {
  const res = await inject(t, who, "GET", `/api/feed${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: PostView[]; nextCursor: string | null };
};
/** Each feed item as "post id" or "post id by reposter id". */
const items = async (who: TestAccount) =>
  (await feed(who)).items.map((p) =>
    p.repostedBy ? `${p.id} by ${p.repostedBy.person.userId}` : p.id,
  );
const counts = async (postId: string) =>
  (
    await queryRows<{ stored: number; counted: number }>(
      t.database.db,
      sql`select reposts_count as stored,
            (select count(*) from post_reposts where post_id = ${postId})::int as counted
          from posts where id = ${postId}`,
    )
  )[0];

describe("reposting", () => {
  it("keeps one repost however often it is put, and taking it back twice is no error", async () => {
    const [ann, ben] = await people(2);
    const post = await publish(t, ann as TestAccount, "Worth sharing");
    for (let i = 0; i < 3; i++) {
      const res = await repost(ben as TestAccount, post.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ reposted: true, repostsCount: 1 });
    }
    await Promise.all([1, 2, 3].map(() => repost(ben as TestAccount, post.id)));
    expect(await counts(post.id)).toEqual({ stored: 1, counted: 1 });
    const seen = await inject(t, ben as TestAccount, "GET", `/api/posts/${post.id}`);
    expect(seen.json().post).toMatchObject({
      repostsCount: 1,
      repostedByMe: true,
      repostable: true,
    });
    const byAuthor = await inject(t, ann as TestAccount, "GET", `/api/posts/${post.id}`);
    expect(byAuthor.json().post).toMatchObject({ repostsCount: 1, repostedByMe: false });

    for (let i = 0; i < 2; i++) {
      const res = await unrepost(ben as TestAccount, post.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ reposted: false, repostsCount: 0 });
    }
    expect(await counts(post.id)).toEqual({ stored: 0, counted: 0 });
  });

  it("counts exactly under 50 concurrent reposts, then 50 concurrent reposts and take-backs", async () => {
    const [author] = await people(1);
    const post = await publish(t, author as TestAccount, "Everyone shares this");
    const reposters = await people(50);
    const first = await Promise.all(reposters.map((r) => repost(r, post.id)));
    expect(first.map((r) => r.statusCode)).toEqual(reposters.map(() => 200));
    expect(await counts(post.id)).toEqual({ stored: 50, counted: 50 });

    // The first 25 take theirs back while 25 of them (some the same people) put theirs again.
    const mixed = await Promise.all(
      reposters.map((r, i) =>
        i < 25 ? unrepost(r, post.id) : repost(reposters[i - 20] ?? r, post.id),
      ),
    );
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    const after = await counts(post.id);
    expect(after?.stored).toBe(after?.counted);
    const last = await repost(author as TestAccount, post.id);
    expect(last.json()).toEqual({ reposted: true, repostsCount: (after?.counted ?? 0) + 1 });
  });

  it("refuses a private account's post (403 repost_private), and marks it not repostable", async () => {
    const [pia, fan] = await people(2);
    await follow(t, fan as TestAccount, pia as TestAccount);
    const post = await publish(t, pia as TestAccount, "For my followers only");
    await inject(t, pia as TestAccount, "PUT", "/api/account/privacy", { privateAccount: true });
    for (const who of [fan, pia] as TestAccount[]) {
      const res = await repost(who, post.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe("repost_private");
    }
    expect(await counts(post.id)).toEqual({ stored: 0, counted: 0 });
    const seen = await inject(t, fan as TestAccount, "GET", `/api/posts/${post.id}`);
    expect(seen.json().post.repostable).toBe(false);
  });

  it("answers 4xx for a bad id, a missing post, a post the person may not see, or nobody signed in", async () => {
    const [ann, ben] = await people(2);
    const post = await publish(t, ann as TestAccount, "Ann blocks Ben");
    expect((await repost(ben as TestAccount, "not-a-uuid")).statusCode).toBe(400);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await repost(ben as TestAccount, missing)).statusCode).toBe(404);
    expect((await unrepost(ben as TestAccount, missing)).statusCode).toBe(404);
    await inject(
      t,
      ann as TestAccount,
      "POST",
      `/api/safety/blocks/${(ben as TestAccount).userId}`,
    );
    expect((await repost(ben as TestAccount, post.id)).statusCode).toBe(404);
    expect((await inject(t, null, "PUT", `/api/posts/${post.id}/repost`)).statusCode).toBe(401);
    const deleted = await publish(t, ann as TestAccount, "Gone soon");
    await inject(t, ann as TestAccount, "DELETE", `/api/posts/${deleted.id}`);
    expect((await repost(ann as TestAccount, deleted.id)).statusCode).toBe(404);
    expect(await counts(post.id)).toEqual({ stored: 0, counted: 0 });
  });
});

describe("reposts in the home feed", () => {
  it("show 'Reposted by' at the repost's time, and go when taken back", async () => {
    const [reader, ben, cal] = (await people(3)) as TestAccount[];
    await follow(t, reader as TestAccount, ben as TestAccount);
    const old = await publish(t, cal as TestAccount, "Cal's older post");
    const mine = await publish(t, ben as TestAccount, "Ben's own post");
    // Read once so the reader's first page is cached: the repost must reach it.
    expect(await items(reader as TestAccount)).toEqual([mine.id]);
    await repost(ben as TestAccount, old.id);
    expect(await items(reader as TestAccount)).toEqual([`${old.id} by ${ben?.userId}`, mine.id]);
    const [shown] = (await feed(reader as TestAccount)).items;
    expect(shown?.content).toBe("Cal's older post");
    expect(shown?.repostedBy?.person.fullName).toBeTruthy();
    // The reposter sees their own repost too.
    expect(await items(ben as TestAccount)).toEqual([`${old.id} by ${ben?.userId}`, mine.id]);
    // The reader's page, with the repost, is now in memory: the reposter's new name reaches it.
    const renamed = await inject(t, ben as TestAccount, "PUT", `/api/profiles/${ben?.userId}`, {
      fullName: "Ben Renamed",
      emailAddress: "ben@example.com",
      details: {},
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [again] = (await feed(reader as TestAccount)).items;
    expect(again?.repostedBy?.person.fullName).toBe("Ben Renamed");

    // A second page after the repost starts at the right place (keyset over both kinds).
    const page = await feed(reader as TestAccount, "?limit=1");
    const next = await feed(reader as TestAccount, `?limit=1&cursor=${page.nextCursor}`);
    expect(next.items.map((p) => p.id)).toEqual([mine.id]);

    await unrepost(ben as TestAccount, old.id);
    expect(await items(reader as TestAccount)).toEqual([mine.id]);
  });

  it("leave out a repost of a post the reader already has from its author, and show a post once", async () => {
    const [reader, ben, dan, cal] = (await people(4)) as TestAccount[];
    await follow(t, reader as TestAccount, ben as TestAccount);
    await follow(t, reader as TestAccount, dan as TestAccount);
    const post = await publish(t, cal as TestAccount, "Reposted twice");
    await repost(ben as TestAccount, post.id);
    await repost(dan as TestAccount, post.id);
    // Two reposts of one post: the newest shows, once.
    expect(await items(reader as TestAccount)).toEqual([`${post.id} by ${dan?.userId}`]);
    // Following the author: the post shows at its own time, the reposts not at all.
    await follow(t, reader as TestAccount, cal as TestAccount);
    expect(await items(reader as TestAccount)).toEqual([post.id]);
    // Nor does a repost of the reader's own post.
    const own = await publish(t, reader as TestAccount, "The reader's post");
    await repost(ben as TestAccount, own.id);
    expect(await items(reader as TestAccount)).toEqual([own.id, post.id]);
  });

  it("never show a post the reader may not see, nor a muted reposter's or a muted author's", async () => {
    const [reader, ben, cal] = (await people(3)) as TestAccount[];
    const r = reader as TestAccount;
    await follow(t, r, ben as TestAccount);
    const post = await publish(t, cal as TestAccount, "Seen through Ben");
    await repost(ben as TestAccount, post.id);
    const shown = `${post.id} by ${ben?.userId}`;
    expect(await items(r)).toEqual([shown]);

    // The author mutes, blocks, goes private; the reader mutes the author or the reposter.
    const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        "reader mutes the author",
        () => inject(t, r, "POST", `/api/safety/mutes/${cal?.userId}`),
        () => inject(t, r, "DELETE", `/api/safety/mutes/${cal?.userId}`),
      ],
      [
        "reader mutes the reposter",
        () => inject(t, r, "POST", `/api/safety/mutes/${ben?.userId}`),
        () => inject(t, r, "DELETE", `/api/safety/mutes/${ben?.userId}`),
      ],
      [
        "the author blocks the reader",
        () => inject(t, cal as TestAccount, "POST", `/api/safety/blocks/${r.userId}`),
        () => inject(t, cal as TestAccount, "DELETE", `/api/safety/blocks/${r.userId}`),
      ],
      [
        "the reader blocks the author",
        () => inject(t, r, "POST", `/api/safety/blocks/${cal?.userId}`),
        () => inject(t, r, "DELETE", `/api/safety/blocks/${cal?.userId}`),
      ],
      [
        "the author's account turns private",
        () =>
          inject(t, cal as TestAccount, "PUT", "/api/account/privacy", { privateAccount: true }),
        () =>
          inject(t, cal as TestAccount, "PUT", "/api/account/privacy", { privateAccount: false }),
      ],
    ];
    for (const [what, start, end] of cases) {
      expect((await start()) as { statusCode: number }, what).toMatchObject({ statusCode: 200 });
      expect(await items(r), what).toEqual([]);
      // Page two as well, which the merge reads.
      expect((await feed(r, `?cursor=${encodeURIComponent(cursorAtNow())}`)).items, what).toEqual(
        [],
      );
      await end();
      expect(await items(r), `${what}, undone`).toEqual([shown]);
    }

    await inject(t, cal as TestAccount, "DELETE", `/api/posts/${post.id}`);
    expect(await items(r)).toEqual([]);
  });
});

/** A cursor after everything: the second-page path (the merge) from the top. */
const cursorAtNow = () =>
  encodeCursor({
    at: new Date(Date.now() + 60_000),
    id: "ffffffff-ffff-4fff-bfff-ffffffffffff",
  });
