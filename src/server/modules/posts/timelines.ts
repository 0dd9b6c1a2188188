// What other modules do to home timelines (docs/feed.md "Timelines written at post time",
// "Reposts in the timelines"), in their own transaction or statement: a follow copies the
// followee's recent posts and reposts in and an unfollow takes them out (follows/queries.ts
// composes these into its statement), a repost of a post from elsewhere is written and taken out
// (federation/note-reposts.ts), a moderator's removal or restoration of a post
// (posts/moderation.ts), an account's deletion. The SQL is in timeline-queries.ts,
// repost-timeline-queries.ts and timeline-follow-queries.ts; the posts module's own files use it
// directly.
import type { Db } from "../../db/client";
import { removeReposterFromTimelines } from "./repost-timeline-queries";
import { removeAuthorFromTimelines } from "./timeline-queries";

export { removeRepostFromTimelines, writeRepostToTimelines } from "./repost-timeline-queries";
export { timelinesOnFollow } from "./timeline-follow-queries";

/** Takes a deleted account's posts and reposts out of its followers' timelines (the only ones
 * holding them: an unfollow took them out of former followers'), before the follows go with it. */
export async function removePersonFromTimelines(tx: Db, userId: string): Promise<void> {
  await removeAuthorFromTimelines(tx, userId);
  await removeReposterFromTimelines(tx, userId);
}
