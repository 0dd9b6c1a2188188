// What safety reads and changes of a post (docs/safety.md "Report", "Moderate"), in the caller's
// transaction, so a moderation action stays one transaction: the post a report points at, and
// its removal or restoration with the followers' timelines and its tags kept in step.
import type { Db } from "../../db/client";
import { findPostRow, setPostRemoved } from "./moderation-queries";
import { tagPost, untagPost } from "./post-tags";
import { removePostFromTimelines, writeToTimelines } from "./timeline-queries";

/** The post, deleted ones included (a removed post stays in the queue). */
export const postForReport = (db: Db, postId: string) => findPostRow(db, postId);

/** Hides the post as removed and takes it out of timelines; true when it was live. */
export async function hidePostForModeration(
  tx: Db,
  { postId, authorId, at }: { postId: string; authorId: string; at: Date },
): Promise<boolean> {
  if (!(await setPostRemoved(tx, postId, at))) return false;
  await removePostFromTimelines(tx, { postId, authorId });
  await untagPost(tx, postId);
  return true;
}

/** Brings a removed post back; followers who came while it was removed get it in their
 * timelines too. True when it was removed. */
export async function restorePostForModeration(
  tx: Db,
  { postId, authorId }: { postId: string; authorId: string },
): Promise<boolean> {
  if (!(await setPostRemoved(tx, postId, null))) return false;
  await writeToTimelines(tx, { postId, authorId });
  const post = await findPostRow(tx, postId);
  if (post) await tagPost(tx, { postId, content: post.content });
  return true;
}
