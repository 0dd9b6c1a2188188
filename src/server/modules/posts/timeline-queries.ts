// SQL for home timelines written at post time (docs/feed.md "Timelines written at post time"): a post is
// written to its followers' timelines in its own transaction, a follow copies the followee's recent
// posts into the follower's, and the first page reads the reader's timeline merged with the few
// very-followed authors they follow. A deletion removes the post's rows and an unfollow (a block's
// too) the author's rows from the follower's timeline; mutes and suspensions are applied when
// reading, so the page is the same as the merge per followee (feedKeysQuery) would give. The posts
// of followed tags are merged at read in both (tag-queries.ts followedTagKeys).
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { homeTimelines } from "../../db/schema/timelines";
import { notMutedBy, notSuspended } from "../../policy/visibility";
import { followedTagKeys } from "./tag-queries";

/** Timelines hold this many days; older rows are swept and never read. */
export const TIMELINE_DAYS = 30;
/** An author with this many followers when posting is merged at read from then on. */
export const PULL_FOLLOWERS = 1000;

export const horizon = sql.raw(`now() - interval '${TIMELINE_DAYS} days'`);

/** Where an author's new post or repost is written (see writeToTimelines): to their followers'
 * timelines and their own (`push`), or merged at read (`pull`: an author with PULL_FOLLOWERS
 * followers joins feed_pull_authors here, once and for good); null when they have no profile.
 * Locks the author's profile first, as a follow's lock waits for. */
export async function audienceOf(tx: Db, authorId: string): Promise<"push" | "pull" | null> {
  const [author] = await queryRows<{ pulled: boolean; many: boolean }>(
    tx,
    sql`select exists (select 1 from feed_pull_authors a where a.user_id = p.user_id) as pulled,
          p.followers_count >= ${PULL_FOLLOWERS} as many
        from profiles p where p.user_id = ${authorId} for key share of p`,
  );
  if (!author) return null;
  if (author.pulled) return "pull";
  if (!author.many) return "push";
  await tx.execute(
    sql`insert into feed_pull_authors (user_id) values (${authorId}) on conflict do nothing`,
  );
  return "pull";
}

/**
 * Writes a post to the timelines of its author's followers and the author's own. The author's
 * profile is locked first (`for key share`, which a follow's `for update` waits for and which
 * waits for it: follows/queries.ts lockPairState), so a follow committed at the same moment is
 * either seen here or sees the post in its own copy. Idempotent: a restored post is written again.
 */
export async function writeToTimelines(
  tx: Db,
  { postId, authorId }: { postId: string; authorId: string },
): Promise<void> {
  if ((await audienceOf(tx, authorId)) !== "push") return;
  await tx.execute(
    sql`insert into ${homeTimelines} (reader_id, created_at, post_id, author_id)
        select r.reader_id, p.created_at, p.id, p.user_id from posts p
        cross join lateral (
          select f.follower_id as reader_id from followers f where f.following_id = p.user_id
          union all select p.user_id
        ) r
        where p.id = ${postId}
        on conflict do nothing`,
  );
}

/** Locks the author's profile as a follow's lock waits for (see writeToTimelines). */
export const lockAuthor = (authorId: string) =>
  sql`select 1 from profiles p where p.user_id = ${authorId} for key share of p`;

/**
 * Takes a post that is being deleted out of the timelines of the author and their followers (all
 * who can hold it: a former follower's rows went with the unfollow), in the deletion's transaction.
 */
export async function removePostFromTimelines(
  tx: Db,
  { postId, authorId }: { postId: string; authorId: string },
): Promise<void> {
  await tx.execute(lockAuthor(authorId));
  await tx.execute(
    sql`delete from ${homeTimelines} t using posts p
        where p.id = ${postId} and t.post_id = p.id and t.created_at = p.created_at
          and t.author_id = ${authorId}
          and t.reader_id in (
            select f.follower_id from followers f where f.following_id = ${authorId}
            union all select ${authorId}::text)`,
  );
}

/** Takes a deleted account's posts out of its followers' timelines (the only ones holding them:
 * an unfollow took them out of former followers'), before the follows go with the account. */
export async function removeAuthorFromTimelines(tx: Db, authorId: string): Promise<void> {
  await tx.execute(
    sql`delete from ${homeTimelines} t using followers f
        where f.following_id = ${authorId} and t.reader_id = f.follower_id
          and t.author_id = ${authorId}`,
  );
}

/**
 * For a follow's statement (follows/queries.ts writeFollow), once `changed` holds its new row:
 * the followee's live posts of the timeline's days, copied into the follower's timeline, unless
 * the followee is merged at read.
 */
export function copyIntoTimeline(followerId: string, followingId: string): SQL {
  return sql`insert into ${homeTimelines} (reader_id, created_at, post_id, author_id)
    select ${followerId}, p.created_at, p.id, p.user_id from posts p
    where p.user_id = ${followingId} and p.deleted_at is null and p.created_at > ${horizon}
      and not exists (select 1 from feed_pull_authors a where a.user_id = ${followingId})
      and exists (select 1 from changed)
    on conflict do nothing`;
}

/** For an unfollow's statement, once `changed` holds the deleted row: the followee's rows taken
 * out of the former follower's timeline, so a later follow copies only live posts back. */
export function removeFolloweeFromTimeline(followerId: string, followingId: string): SQL {
  return sql`delete from ${homeTimelines}
    where reader_id = ${followerId} and author_id = ${followingId}
      and exists (select 1 from changed)`;
}

/** The first page's CTEs (posts/feed-parts.ts), each read once by the statement's parts:
 * `followed`, whom the reader follows and has not muted and who are not suspended (column `uid`);
 * `pulled`, those of them merged at read (`uid`); `own`, the newest `limit` keys of the reader's
 * timeline (`id`, `created_at`); `floor`, the oldest time the page can reach (`at`): the last of
 * `own` when it is full, for nothing older can be among the page's `limit` newest, else the
 * timeline's horizon. The other parts read only from `floor` on, so a reader's older reposts are
 * not checked one by one for a page that cannot show them. */
export interface FirstPageCtes {
  followed: SQL;
  pulled: SQL;
  own: SQL;
  floor: SQL;
}

export const FIRST_PAGE_CTES: FirstPageCtes = {
  followed: sql.raw("followed"),
  pulled: sql.raw("pulled"),
  own: sql.raw("own_keys"),
  floor: sql.raw("page_floor"),
};

/** The WITH list defining FIRST_PAGE_CTES for the reader and the page's `limit`. */
export const firstPageCtes = (viewer: Placeholder, limit: Placeholder): SQL =>
  sql`followed as materialized (
      select f.following_id as uid from followers f
      where f.follower_id = ${viewer} and ${notMutedBy(viewer, sql`f.following_id`)}
        and ${notSuspended(sql`f.following_id`)}),
    pulled as materialized (
      select f.uid from followed f join feed_pull_authors a on a.user_id = f.uid),
    own_keys as materialized (${timelineKeysQuery(viewer, limit, FIRST_PAGE_CTES)}),
    page_floor as materialized (
      select case when count(*) >= ${limit} then min(created_at) else ${horizon} end as at
      from own_keys)`;

function timelineKeysQuery(viewer: Placeholder, limit: Placeholder, ctes: FirstPageCtes): SQL {
  return sql`select k.id, k.created_at from (
      (select t.post_id as id, t.created_at from home_timelines t
        where t.reader_id = ${viewer} and t.created_at > ${horizon}
          and (t.author_id = ${viewer} or t.author_id in (select uid from ${ctes.followed}))
        order by t.created_at desc, t.post_id desc
        limit ${limit})
      union
      (select p.id, p.created_at from (
          select uid from ${ctes.pulled}
          union all select a.user_id from feed_pull_authors a where a.user_id = ${viewer}
        ) f
        cross join lateral (
          select p.id, p.created_at from posts p
          where p.user_id = f.uid and p.deleted_at is null and p.created_at > ${horizon}
          order by p.created_at desc nulls last, p.id desc nulls last
          limit ${limit}
        ) p)
      union (${followedTagKeys(viewer, limit, { cursor: null, since: horizon })})
    ) k
    order by k.created_at desc, k.id desc
    limit ${limit}`;
}

/** Deletes the rows past the timeline's days at `now`; how many. */
export async function sweepTimelines(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - TIMELINE_DAYS * 86_400_000);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${homeTimelines} where created_at <= ${before} returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
