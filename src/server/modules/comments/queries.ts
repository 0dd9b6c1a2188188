// SQL for post_comments and post_comment_likes.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { postCommentLikes, postComments } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { personColumns } from "../follows/queries";

/** Every comment of a post, oldest first, with authors and the viewer's likes (one query). */
export async function listComments(db: Db, postId: string, viewerId: string | null) {
  const likedByMe = viewerId
    ? sql<boolean>`exists (select 1 from ${postCommentLikes} where ${postCommentLikes.commentId} = ${postComments.id} and ${postCommentLikes.userId} = ${viewerId})`
    : sql<boolean>`false`;
  return db
    .select({ comment: postComments, author: personColumns, likedByMe })
    .from(postComments)
    .innerJoin(profiles, eq(profiles.userId, postComments.userId))
    .where(eq(postComments.postId, postId))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(1000);
}

export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

export async function findComment(db: Db, commentId: string) {
  const [row] = await db.select().from(postComments).where(eq(postComments.id, commentId)).limit(1);
  return row;
}

export async function insertComment(
  db: Db,
  values: { postId: string; userId: string; content: string; parentCommentId: string | null },
) {
  const [row] = await db.insert(postComments).values(values).returning();
  return row as typeof postComments.$inferSelect;
}

export async function toggleCommentLikeRow(db: Db, commentId: string, userId: string) {
  const removed = await db
    .delete(postCommentLikes)
    .where(and(eq(postCommentLikes.commentId, commentId), eq(postCommentLikes.userId, userId)))
    .returning({ id: postCommentLikes.commentId });
  if (removed.length > 0) return -1;
  const added = await db
    .insert(postCommentLikes)
    .values({ commentId, userId })
    .onConflictDoNothing()
    .returning({ id: postCommentLikes.commentId });
  return added.length > 0 ? 1 : 0;
}

export async function bumpCommentLikes(db: Db, commentId: string, delta: number): Promise<number> {
  const [row] = await db
    .update(postComments)
    .set({ likesCount: sql`${postComments.likesCount} + ${delta}` })
    .where(eq(postComments.id, commentId))
    .returning({ count: postComments.likesCount });
  return row?.count ?? 0;
}
