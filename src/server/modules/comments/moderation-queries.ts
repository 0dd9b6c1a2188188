// SQL for moderation's view and changes of a comment (docs/safety.md "Moderate"): the comment a
// report points at with its post, and the removal a moderator makes or undoes.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { postComments, posts } from "../../db/schema/posts";

export async function findCommentWithPost(db: Db, commentId: string) {
  const [row] = await db
    .select({ comment: postComments, post: posts })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(eq(postComments.id, commentId));
  return row;
}

/** Removes a comment not yet deleted (`at`), or restores a removed one (`at` null); its post's
 * id when it changed. */
export async function setCommentRemoved(
  tx: Db,
  commentId: string,
  at: Date | null,
): Promise<string | null> {
  const [row] = await tx
    .update(postComments)
    .set({ deletedAt: at, removedAt: at })
    .where(
      and(
        eq(postComments.id, commentId),
        at ? isNull(postComments.deletedAt) : isNotNull(postComments.removedAt),
      ),
    )
    .returning({ postId: postComments.postId });
  return row?.postId ?? null;
}
