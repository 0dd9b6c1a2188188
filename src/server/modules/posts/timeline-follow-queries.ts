// The home timelines' part of a follow's or an unfollow's statement (follows/queries.ts composes
// it, through posts/timelines.ts): the followee's posts and reposts of the timeline's days copied
// into the follower's timeline, or taken out (docs/feed.md "Timelines written at post time",
// "Reposts in the timelines").
import { type SQL, sql } from "drizzle-orm";
import {
  copyRepostsIntoTimeline,
  removeFolloweeRepostsFromTimeline,
} from "./repost-timeline-queries";
import { copyIntoTimeline, removeFolloweeFromTimeline } from "./timeline-queries";

/** For the statement, once `changed` holds the row it wrote or deleted: its common table
 * expressions. */
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
