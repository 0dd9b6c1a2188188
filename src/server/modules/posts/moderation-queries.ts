// SQL for moderation's view and changes of a post (docs/safety.md "Moderate"): the row a report
// points at, and the removal a moderator makes or undoes (a soft delete marked `removed_at`).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { posts } from "../../db/schema/posts";

export async function findPostRow(db: Db, postId: string) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  return row;
}

/** Removes the post (`at`) unless a moderator already did, or restores a removed one (`at`
 * null), its row locked first; when it changed, whether it was live before and what it quotes
 * (the quoted post's count moves with it: docs/feed.md "Reposts and quotes"), else null. */
export async function setPostRemoved(tx: Db, postId: string, at: Date | null) {
  const [before] = await tx
    .select({
      deletedAt: posts.deletedAt,
      removedAt: posts.removedAt,
      quoteOf: posts.quoteOf,
      quoteDetached: posts.quoteDetached,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for("update");
  if (!before || (at ? before.removedAt !== null : before.removedAt === null)) return null;
  await tx.update(posts).set({ deletedAt: at, removedAt: at }).where(eq(posts.id, postId));
  return {
    wasLive: before.deletedAt === null,
    quoteOf: before.quoteOf,
    quoteDetached: before.quoteDetached,
  };
}
