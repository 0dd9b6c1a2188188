// SQL for reposts (docs/feed.md "Reposts and quotes"): one row per person and post, the post's
// reposts_count moved with it in the same transaction, and the reposts the reader's followees made,
// merged into the home feed at the repost's time through the post visibility rule
// (policy/visibility.ts seesPostsOf), so a repost never shows what the reader may not see.
import { and, eq, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { preparedPer } from "../../db/prepared";
import { posts } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { postReposts } from "../../db/schema/reposts";
import { notMutedBy, notSuspended, seesPostsOf, visibleAuthor } from "../../policy/visibility";
import { personColumns } from "../profiles/person";
import { timelineRepostKeys } from "./repost-timeline-queries";
import type { FirstPageCtes } from "./timeline-queries";

/** One person's repost of one post. */
export interface RepostKey {
  userId: string;
  postId: string;
}

/** A live post's author and whether their account is private (a private account's posts are for
 * its followers only, so they cannot be reposted: docs/safety.md "Private accounts"). */
export async function repostTarget(db: Db, postId: string) {
  const [row] = await queryRows<{ user_id: string; private_account: boolean }>(
    db,
    sql`select p.user_id, pr.private_account from posts p
        join profiles pr on pr.user_id = p.user_id
        where p.id = ${postId} and p.deleted_at is null`,
  );
  return row ? { userId: row.user_id, privateAccount: row.private_account } : undefined;
}

/** Adds the repost unless the person reposted the post already; the new repost, or null. */
export async function insertRepost(db: Db, key: RepostKey) {
  const [row] = await db
    .insert(postReposts)
    .values(key)
    .onConflictDoNothing()
    .returning({ id: postReposts.id, createdAt: postReposts.createdAt });
  return row ?? null;
}

/** Removes the person's repost of the post; the removed repost (its id and time), or null. */
export async function deleteRepost(db: Db, { userId, postId }: RepostKey) {
  const [row] = await db
    .delete(postReposts)
    .where(and(eq(postReposts.userId, userId), eq(postReposts.postId, postId)))
    .returning({ id: postReposts.id, createdAt: postReposts.createdAt });
  return row ?? null;
}

/** Adds `delta` to the post's repost count (a deleted post's too, so that count stays the rows'
 * own); the count and the post's author, or null when the post is not there. */
export async function bumpReposts(db: Db, postId: string, delta: number) {
  const [row] = await db
    .update(posts)
    .set({ repostsCount: sql`${posts.repostsCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ count: posts.repostsCount, userId: posts.userId, deletedAt: posts.deletedAt });
  return row ?? null;
}

/** The post's repost count as it is now (0 for a post that is not there). */
export async function repostsCountOf(db: Db, postId: string): Promise<number> {
  const [row] = await db
    .select({ count: posts.repostsCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.count ?? 0;
}

/** Which of these posts the viewer reposted. */
export async function repostedAmong(
  db: Db,
  { viewerId, ids }: { viewerId: string; ids: string[] },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await preparedReposts(db).mine.execute({ viewer: viewerId, ids });
  return rows.map((r) => r.postId);
}

const repostKey = { at: sql`r.created_at`, id: sql`r.id`, idType: "uuid" } as const;

/**
 * The reposts in the reader's home feed before the cursor, newest first, `limit` of them: for each
 * followee (not muted, not suspended) and the reader, their newest reposts from
 * `post_reposts_user_created_idx`, as the merge per followee reads posts. Left out: a post the
 * reader may not see (seesPostsOf: a block either way, a suspended author, a private account they
 * do not follow), a muted author's, a deleted post, and a post whose author the reader follows or
 * is, which the feed already shows at its own time (docs/feed.md "Reposts and quotes").
 */
export async function repostFeedKeys(
  db: Db,
  { viewerId, limit, cursor }: { viewerId: string; limit: number; cursor: Cursor | null },
): Promise<{ id: string; createdAt: Date; repostOf: string }[]> {
  const rows = await queryRows<RepostKeyRow>(db, repostKeysQuery(viewerId, limit, cursor));
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at),
    repostOf: r.post_id,
  }));
}

interface RepostKeyRow {
  id: string;
  created_at: Date | string;
  post_id: string;
}

function repostKeysQuery(
  viewer: string | Placeholder,
  limit: number | Placeholder,
  cursor: Cursor | null,
): SQL {
  const before = keysetBefore(repostKey, cursor);
  return sql`select r.id, r.created_at, r.post_id
      from (
        select following_id as uid from followers
        where follower_id = ${viewer} and ${notMutedBy(viewer, sql`following_id`)}
          and ${notSuspended(sql`following_id`)}
        union all select ${viewer}::text
      ) f
      cross join lateral (
        select r.id, r.created_at, r.post_id from post_reposts r
        join posts p on p.id = r.post_id
        where r.user_id = f.uid and p.deleted_at is null ${before ? sql`and ${before}` : sql``}
          and p.user_id <> ${viewer}
          and not exists (select 1 from followers g
            where g.follower_id = ${viewer} and g.following_id = p.user_id)
          and ${seesPostsOf(viewer, sql`p.user_id`)} and ${notMutedBy(viewer, sql`p.user_id`)}
        order by r.created_at desc, r.id desc
        limit ${limit}
      ) r
      order by r.created_at desc, r.id desc
      limit ${limit}`;
}

/** The first page's reposts (`id`, `created_at`, `post_id`) from the reader's timeline, for the
 * statement that reads the first page's keys of every kind at once (posts/feed-parts.ts): the
 * same rule as repostKeysQuery's, applied to the timeline's rows (docs/feed.md "Reposts in the
 * timelines"). */
export const firstRepostKeysPart = (
  viewer: Placeholder,
  limit: Placeholder,
  ctes: FirstPageCtes,
): SQL =>
  timelineRepostKeys(
    viewer,
    limit,
    "post",
    {
      join: sql`join post_reposts r on r.id = s.repost_id join posts p on p.id = r.post_id`,
      where: sql`p.deleted_at is null and p.user_id <> ${viewer}
      and not exists (select 1 from followers g
        where g.follower_id = ${viewer} and g.following_id = p.user_id)
      and ${seesPostsOf(viewer, sql`p.user_id`)} and ${notMutedBy(viewer, sql`p.user_id`)}`,
      columns: sql`, r.post_id`,
    },
    ctes,
  );

/**
 * The person's reposts before the cursor, newest first, `limit` of them (served by
 * post_reposts_user_created_idx), for their profile's posts list: the same rule as the feed's
 * (repostFeedKeys, visibleReposts), so a post the viewer may not see, a muted author's or a
 * deleted one is left out (docs/feed.md "Reposts and quotes").
 */
export async function profileRepostKeys(
  db: Db,
  {
    userId,
    viewerId,
    limit,
    cursor,
  }: { userId: string; viewerId: string | null; limit: number; cursor: Cursor | null },
): Promise<{ id: string; createdAt: Date; repostOf: string }[]> {
  const before = keysetBefore(repostKey, cursor);
  const rows = await queryRows<RepostKeyRow>(
    db,
    sql`select r.id, r.created_at, r.post_id from post_reposts r
        join posts p on p.id = r.post_id
        where r.user_id = ${userId} and p.deleted_at is null ${before ? sql`and ${before}` : sql``}
          and ${seesPostsOf(viewerId, sql`p.user_id`)} and ${notMutedBy(viewerId, sql`p.user_id`)}
          and ${visibleAuthor(viewerId, sql`r.user_id`)}
        order by r.created_at desc, r.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.created_at), repostOf: r.post_id }));
}

/**
 * Those of the repost ids the viewer may still be shown, read again as the page is presented (a
 * cached first page may be older than a block, a mute or a deletion): the reposted post and who
 * reposted it, by the same rule as repostFeedKeys, the reposter a person the viewer may see and has
 * not muted.
 */
export async function visibleReposts(
  db: Db,
  { viewerId, ids }: { viewerId: string | null; ids: string[] },
) {
  if (ids.length === 0) return [];
  return preparedReposts(db).visible.execute({ viewer: viewerId, ids });
}

/** The reads every page with reposts sends, prepared (db/prepared.ts): planned once per
 * connection, as the page's other reads are. */
const preparedReposts = preparedPer((db) => {
  const viewer = sql.placeholder("viewer");
  const ids = sql`${sql.placeholder("ids")}::uuid[]`;
  return {
    visible: db
      .select({
        id: postReposts.id,
        postId: postReposts.postId,
        authorId: posts.userId,
        reposter: personColumns,
      })
      .from(postReposts)
      .innerJoin(posts, eq(posts.id, postReposts.postId))
      .innerJoin(profiles, eq(profiles.userId, postReposts.userId))
      .where(
        and(
          sql`${postReposts.id} = any(${ids})`,
          isNull(posts.deletedAt),
          seesPostsOf(viewer, posts.userId),
          notMutedBy(viewer, posts.userId),
          visibleAuthor(viewer, postReposts.userId),
        ),
      )
      .prepare("visible_reposts"),
    mine: db
      .select({ postId: postReposts.postId })
      .from(postReposts)
      .where(and(eq(postReposts.userId, viewer), sql`${postReposts.postId} = any(${ids})`))
      .prepare("reposted_among"),
  };
});
