// What other modules do to home timelines (docs/feed.md "Timelines written at post time",
// "Reposts in the timelines"), in their own transaction or statement: a follow copies the
// followee's recent posts and reposts in and an unfollow takes them out (follows/queries.ts
// composes these into its statement), a repost of a post from elsewhere is written and taken out
// (federation/note-reposts.ts), a moderator's removal or restoration of a post
// (posts/moderation.ts), an account's deletion. The SQL is in timeline-queries.ts and
// repost-timeline-queries.ts; the posts module's own files use it directly.
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  copyRepostsIntoTimeline,
  removeFolloweeRepostsFromTimeline,
  removeReposterFromTimelines,
} from "./repost-timeline-queries";
import {
  copyIntoTimeline,
  removeAuthorFromTimelines,
  removeFolloweeFromTimeline,
} from "./timeline-queries";

export { removeRepostFromTimelines, writeRepostToTimelines } from "./repost-timeline-queries";

/** For a follow's or an unfollow's statement, once `changed` holds the row it wrote or deleted:
 * the common table expressions that copy the followee's posts and reposts of the timeline's days
 * into the follower's timeline, or take them out. */
export function timelinesOnFollow(
  { followerId, followingId }: { followerId: string; followingId: string },
  follow: boolean,
): SQL {
  return follow
    ? sql`timeline as (${copyIntoTimeline(followerId, followingId)}),
      timeline_reposts as (${copyRepostsIntoTimeline(followerId, followingId)})`
    : sql`timeline as (${removeFolloweeFromTimeline(followerId, followingId)}),
      timeline_reposts as (${removeFolloweeRepostsFromTimeline(followerId, followingId)})`;
}

/** Takes a deleted account's posts and reposts out of its followers' timelines (the only ones
 * holding them: an unfollow took them out of former followers'), before the follows go with it. */
export async function removePersonFromTimelines(tx: Db, userId: string): Promise<void> {
  await removeAuthorFromTimelines(tx, userId);
  await removeReposterFromTimelines(tx, userId);
}
