// What safety reads and changes of a post (docs/safety.md "Report", "Moderate"), in the caller's
// transaction, so a moderation action stays one transaction: the post a report points at, and
// its removal or restoration with the followers' timelines, its tags and, for a quote, the quoted
// post's count (docs/feed.md "Reposts and quotes") kept in step.
import type { Db } from "../../db/client";
import type { LiveEffects } from "../../outbox/outbox";
import { findPostRow, setPostRemoved } from "./moderation-queries";
import { tagPost, untagPost } from "./post-tags";
import { recountQuote, uncountQuote } from "./quotes";
import { removePostFromTimelines, writeToTimelines } from "./timeline-queries";

/** The post, deleted ones included (a removed post stays in the queue). */
export const postForReport = (db: Db, postId: string) => findPostRow(db, postId);

type Fx = Pick<LiveEffects, "publishAfterCommit">;

/** Hides the post as removed and takes it out of timelines; true when a moderator had not removed
 * it already. A live quote leaves its quoted post's count and its author's Activity. */
export async function hidePostForModeration(
  tx: Db,
  fx: Fx,
  { postId, authorId, at }: { postId: string; authorId: string; at: Date },
): Promise<boolean> {
  const removed = await setPostRemoved(tx, postId, at);
  if (!removed) return false;
  if (removed.wasLive) await uncountQuote(tx, fx, { quoteId: postId, authorId, ...removed });
  await removePostFromTimelines(tx, { postId, authorId });
  await untagPost(tx, postId);
  return true;
}

/** Brings a removed post back; followers who came while it was removed get it in their
 * timelines too, and a quote counts on its quoted post again. True when it was removed. */
export async function restorePostForModeration(
  tx: Db,
  fx: Fx,
  { postId, authorId }: { postId: string; authorId: string },
): Promise<boolean> {
  const restored = await setPostRemoved(tx, postId, null);
  if (!restored) return false;
  await recountQuote(tx, fx, { quoteId: postId, ...restored });
  await writeToTimelines(tx, { postId, authorId });
  const post = await findPostRow(tx, postId);
  if (post) await tagPost(tx, { postId, content: post.content });
  return true;
}
