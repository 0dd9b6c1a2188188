// SQL for the reposts in home timelines (docs/feed.md "Reposts in the timelines"): a repost, of
// one of our posts or of a post from elsewhere, is written to its reposter's followers' timelines
// and the reposter's own at the repost's time, as a post is at its own, so a first page reads
// the reader's rows instead of probing every followee's reposts. Who may be shown which repost is
// decided when reading, by the checks of the module that owns the repost's table, as before.
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { homeReposts } from "../../db/schema/timelines";
import {
  audienceOf,
  type FirstPageCtes,
  horizon,
  lockAuthor,
  TIMELINE_DAYS,
} from "./timeline-queries";

/** Whose repost table holds a timeline row's repost: `post` post_reposts, `note` fed_note_reposts. */
export type RepostKind = "post" | "note";

export interface TimelineRepost {
  kind: RepostKind;
  repostId: string;
  reposterId: string;
  createdAt: Date;
}

/**
 * Writes a new repost to the reposter's own timeline and, unless they are merged at read, to their
 * followers', in the repost's transaction and under the same author lock as a post
 * (timeline-queries.ts audienceOf), so a follow committed at the same moment copies it or is seen.
 */
export async function writeRepostToTimelines(tx: Db, repost: TimelineRepost): Promise<void> {
  const audience = await audienceOf(tx, repost.reposterId);
  if (!audience) return;
  const followers =
    audience === "push"
      ? sql`union all select f.follower_id from followers f where f.following_id = ${repost.reposterId}`
      : sql``;
  await tx.execute(
    sql`insert into ${homeReposts} (reader_id, kind, created_at, repost_id, reposter_id)
        select r.reader_id, ${repost.kind}, ${repost.createdAt}, ${repost.repostId}::uuid, ${repost.reposterId}
        from (select ${repost.reposterId}::text as reader_id ${followers}) r
        on conflict do nothing`,
  );
}

/** Takes a repost being undone out of every timeline that can hold it (its reposter's and their
 * followers': a former follower's rows went with the unfollow), in the undoing's transaction. */
export async function removeRepostFromTimelines(tx: Db, repost: TimelineRepost): Promise<void> {
  await tx.execute(lockAuthor(repost.reposterId));
  await tx.execute(
    sql`delete from ${homeReposts} t
        where t.kind = ${repost.kind} and t.created_at = ${repost.createdAt}
          and t.repost_id = ${repost.repostId}::uuid and t.reader_id in (
            select f.follower_id from followers f where f.following_id = ${repost.reposterId}
            union all select ${repost.reposterId}::text)`,
  );
}

/** A follow's copy (in its statement, once `changed` holds the new row): the followee's reposts of
 * the timeline's days, read from their own rows, unless they are merged at read. */
export function copyRepostsIntoTimeline(followerId: string, followingId: string): SQL {
  return sql`insert into ${homeReposts} (reader_id, kind, created_at, repost_id, reposter_id)
    select ${followerId}, o.kind, o.created_at, o.repost_id, o.reposter_id from ${homeReposts} o
    where o.own and o.reposter_id = ${followingId} and o.created_at > ${horizon}
      and not exists (select 1 from feed_pull_authors a where a.user_id = ${followingId})
      and exists (select 1 from changed)
    on conflict do nothing`;
}

/** An unfollow's removal (in its statement, once `changed` holds the deleted row). */
export function removeFolloweeRepostsFromTimeline(followerId: string, followingId: string): SQL {
  return sql`delete from ${homeReposts}
    where reader_id = ${followerId} and reposter_id = ${followingId}
      and exists (select 1 from changed)`;
}

/** Takes a deleted account's reposts out of its followers' timelines (its own rows go with it). */
export async function removeReposterFromTimelines(tx: Db, reposterId: string): Promise<void> {
  await tx.execute(
    sql`delete from ${homeReposts} t using followers f
        where f.following_id = ${reposterId} and t.reader_id = f.follower_id
          and t.reposter_id = ${reposterId}`,
  );
}

/** Deletes the repost rows past the timeline's days at `now`; how many. */
export async function sweepRepostTimelines(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - TIMELINE_DAYS * 86_400_000);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${homeReposts} where created_at <= ${before} returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/** What the owner of a repost kind joins to a timeline row `s` (its repost, the post and its
 * author) and requires of them, and the extra columns it reads (each starting with a comma). */
export interface RepostCheck {
  join: SQL;
  where: SQL;
  columns: SQL;
}

/**
 * The reader's newest `limit` reposts of one kind within the timeline's days, by the timeline's
 * reposter rules (followed or the reader, not muted, not suspended) and the owner's `check`:
 * the reader's rows, united with the own rows of the followed reposters merged at read, from the
 * oldest time the page can reach on (the first page's CTEs: timeline-queries.ts firstPageCtes).
 * Columns `id` (the repost's), `created_at` and the check's. Exact within the days, as the
 * timeline's posts are; the first page needs no more (posts/feed-parts.ts).
 */
export function timelineRepostKeys(
  viewer: Placeholder,
  limit: Placeholder,
  kind: RepostKind,
  check: RepostCheck,
  ctes: FirstPageCtes,
): SQL {
  return sql`select k.* from (
      (select s.repost_id as id, s.created_at ${check.columns} from ${homeReposts} s ${check.join}
        where s.reader_id = ${viewer} and s.kind = ${kind} and s.created_at > ${horizon}
          and s.created_at >= (select at from ${ctes.floor})
          and (s.reposter_id = ${viewer} or s.reposter_id in (select uid from ${ctes.followed}))
          and ${check.where}
        order by s.created_at desc, s.repost_id desc
        limit ${limit})
      union
      (select s.* from ${ctes.pulled} f
        cross join lateral (
          select s.repost_id as id, s.created_at ${check.columns} from ${homeReposts} s ${check.join}
          where s.own and s.reposter_id = f.uid and s.kind = ${kind}
            and s.created_at > ${horizon} and s.created_at >= (select at from ${ctes.floor})
            and ${check.where}
          order by s.created_at desc, s.repost_id desc
          limit ${limit}
        ) s)
    ) k
    order by k.created_at desc, k.id desc
    limit ${limit}`;
}
