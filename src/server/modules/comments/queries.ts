// SQL for post_comments and post_comment_likes.
import { and, asc, eq, isNull, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { preparedPer } from "../../db/prepared";
import { onReplica } from "../../db/read-routing";
import { postCommentLikes, postComments } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { type Viewer, visibleAuthor } from "../../policy/visibility";
import { personColumns } from "../profiles/person";

const likedBy = (viewerId: Viewer) =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${postCommentLikes} where ${postCommentLikes.commentId} = ${postComments.id} and ${postCommentLikes.userId} = ${viewerId})`
    : sql<boolean>`false`;

const commentWithAuthor = (viewerId: Viewer) => ({
  comment: postComments,
  author: personColumns,
  likedByMe: likedBy(viewerId),
});

/**
 * One page of a post's comments, oldest first (spec-2 §7), with authors and the viewer's likes,
 * keyset-paginated on the post_comments_post_created_idx index. A read a replica may serve
 * (db/read-routing.ts).
 */
export async function listComments(
  db: Db,
  input: { postId: string; viewerId: string | null; limit: number; cursor: Cursor | null },
) {
  const { postId, viewerId, limit, cursor } = input;
  return onReplica(db, async (on) =>
    cursor
      ? commentsQuery(on, viewerId, postId, cursor).limit(limit + 1)
      : firstPage(on).execute({ postId, viewer: viewerId, limit: limit + 1 }),
  );
}

function commentsQuery(
  db: Db,
  viewer: Viewer,
  postId: string | Placeholder,
  cursor: Cursor | null,
) {
  return db
    .select(commentWithAuthor(viewer))
    .from(postComments)
    .innerJoin(profiles, eq(profiles.userId, postComments.userId))
    .where(
      and(
        eq(postComments.postId, postId),
        visibleAuthor(viewer, postComments.userId),
        keysetBefore(
          { at: postComments.createdAt, id: postComments.id, idType: "uuid" },
          cursor,
          "asc",
        ),
      ),
    )
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
}

/** The first page, which nearly every read of a post's comments asks for (db/prepared.ts). */
const firstPage = preparedPer((db) =>
  commentsQuery(db, sql.placeholder("viewer"), sql.placeholder("postId"), null)
    .limit(sql.placeholder("limit"))
    .prepare("comments_first_page"),
);

export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

/** One comment with its author, as its writer sees it. */
export async function findCommentView(
  db: Db,
  { commentId, viewerId }: { commentId: string; viewerId: string | null },
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select(commentWithAuthor(viewerId))
    .from(postComments)
    .innerJoin(profiles, eq(profiles.userId, postComments.userId))
    .where(eq(postComments.id, commentId))
    .limit(1);
  return row;
}

/** A comment that is not deleted. */
export async function findLiveComment(db: Db, commentId: string) {
  const [row] = await db
    .select()
    .from(postComments)
    .where(and(eq(postComments.id, commentId), isNull(postComments.deletedAt)))
    .limit(1);
  return row;
}

/** Tombstones a live comment (its text goes); false when it was already deleted. */
export async function softDeleteComment(db: Db, commentId: string): Promise<boolean> {
  const rows = await db
    .update(postComments)
    .set({ deletedAt: new Date(), content: "" })
    .where(and(eq(postComments.id, commentId), isNull(postComments.deletedAt)))
    .returning({ id: postComments.id });
  return rows.length > 0;
}

export async function insertComment(
  db: Db,
  values: { postId: string; userId: string; content: string; parentCommentId: string | null },
) {
  const [row] = await db.insert(postComments).values(values).returning();
  return row as typeof postComments.$inferSelect;
}

/** Likes or unlikes; answers the change to the count (-1, 0 or +1). */
export async function toggleCommentLikeRow(
  db: Db,
  { commentId, userId }: { commentId: string; userId: string },
) {
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
