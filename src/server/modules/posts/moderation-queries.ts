// SQL for moderation's view and changes of a post (docs/safety.md "Moderate"): the row a report
// points at, and the removal a moderator makes or undoes (a soft delete marked `removed_at`).
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { posts } from "../../db/schema/posts";

export async function findPostRow(db: Db, postId: string) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  return row;
}

/** Removes the post (`at`) unless a moderator already did, or restores a removed one (`at`
 * null); true when it changed. */
export async function setPostRemoved(tx: Db, postId: string, at: Date | null): Promise<boolean> {
  const rows = await tx
    .update(posts)
    .set({ deletedAt: at, removedAt: at })
    .where(and(eq(posts.id, postId), at ? isNull(posts.removedAt) : isNotNull(posts.removedAt)))
    .returning({ id: posts.id });
  return rows.length > 0;
}
