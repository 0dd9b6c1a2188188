// What safety reads and changes of a comment (docs/safety.md "Report", "Moderate"), in the
// caller's transaction: the comment a report points at, and its removal or restoration with the
// post's comments_count kept equal to the live comments.
import type { Db } from "../../db/client";
import { bumpCommentsCount } from "../posts/for-comments";
import { findCommentWithPost, setCommentRemoved } from "./moderation-queries";

/** The comment with its post, deleted ones included. */
export const commentForReport = (db: Db, commentId: string) => findCommentWithPost(db, commentId);

/** Removes (`at`) or restores (`at` null) the comment; its post's new comments_count when it
 * changed, for the `post.counted` event. */
export async function setCommentRemovedForModeration(
  tx: Db,
  { commentId, at }: { commentId: string; at: Date | null },
): Promise<{ postId: string; commentsCount: number } | null> {
  const postId = await setCommentRemoved(tx, commentId, at);
  if (!postId) return null;
  const counter = await bumpCommentsCount(tx, postId, at ? -1 : 1);
  return { postId, commentsCount: counter?.count ?? 0 };
}
