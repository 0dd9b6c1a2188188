// The SQL of likes from elsewhere of our posts (docs/federation.md "Likes from elsewhere").
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fedActors, fedPostLikes } from "../../db/schema/federation";

export async function insertPostLike(
  db: Db,
  row: { postId: string; actorId: string; likeUri: string },
): Promise<boolean> {
  const rows = await db
    .insert(fedPostLikes)
    .values(row)
    .onConflictDoNothing()
    .returning({ postId: fedPostLikes.postId });
  return rows.length > 0;
}

/** Removes the actor's like of the post; the actor's row id when there was one. */
export async function deletePostLike(
  db: Db,
  { postId, actorUri }: { postId: string; actorUri: string },
): Promise<string | null> {
  const [row] = await db
    .delete(fedPostLikes)
    .where(
      and(
        eq(fedPostLikes.postId, postId),
        sql`${fedPostLikes.actorId} = (select id from ${fedActors} where uri = ${actorUri})`,
      ),
    )
    .returning({ actorId: fedPostLikes.actorId });
  return row?.actorId ?? null;
}

/** The posts of ours the actor likes. */
export async function postsLikedBy(db: Db, actorId: string): Promise<string[]> {
  const rows = await db
    .select({ postId: fedPostLikes.postId })
    .from(fedPostLikes)
    .where(eq(fedPostLikes.actorId, actorId));
  return rows.map((r) => r.postId);
}
