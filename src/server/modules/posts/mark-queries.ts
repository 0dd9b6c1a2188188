// SQL for what a person keeps of posts (docs/feed.md "Bookmarks", "Pinned posts"): bookmarks, read
// back through the post visibility rule (policy/visibility.ts seesPostsOf), and pins in their
// owner's three slots.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore, newestFirst } from "../../db/keyset";
import { postBookmarks, postPins } from "../../db/schema/post-marks";
import { posts } from "../../db/schema/posts";
import { seesPostsOf } from "../../policy/visibility";

/** One person's mark on one post. */
export interface MarkKey {
  userId: string;
  postId: string;
}

/** Adds the bookmark unless it is there already (the first one's time stays). */
export async function insertBookmark(db: Db, { userId, postId }: MarkKey): Promise<void> {
  await db.insert(postBookmarks).values({ userId, postId }).onConflictDoNothing();
}

export async function deleteBookmark(db: Db, { userId, postId }: MarkKey): Promise<void> {
  await db
    .delete(postBookmarks)
    .where(and(eq(postBookmarks.userId, userId), eq(postBookmarks.postId, postId)));
}

/** The bookmark page's keys: the owner's bookmarks of live posts they may still see, newest
 * bookmark first, `limit` and one more. `at` is the bookmark's time, the page's cursor. */
export async function bookmarkKeys(
  db: Db,
  { userId, limit, cursor }: { userId: string; limit: number; cursor: Cursor | null },
): Promise<{ id: string; at: Date }[]> {
  return db
    .select({ id: postBookmarks.postId, at: postBookmarks.createdAt })
    .from(postBookmarks)
    .innerJoin(posts, eq(posts.id, postBookmarks.postId))
    .where(
      and(
        eq(postBookmarks.userId, userId),
        isNull(posts.deletedAt),
        seesPostsOf(userId, posts.userId),
        keysetBefore(
          { at: postBookmarks.createdAt, id: postBookmarks.postId, idType: "uuid" },
          cursor,
        ),
      ),
    )
    .orderBy(newestFirst(postBookmarks.createdAt), newestFirst(postBookmarks.postId))
    .limit(limit + 1);
}

/** Whether the person bookmarked the post, and whether it is pinned (to its author's profile). */
export async function marksOf(db: Db, { userId, postId }: MarkKey) {
  const [row] = await queryRows<{ bookmarked: boolean; pinned: boolean }>(
    db,
    sql`select exists (select 1 from post_bookmarks where user_id = ${userId} and post_id = ${postId}) as bookmarked,
      exists (select 1 from post_pins where post_id = ${postId}) as pinned`,
  );
  return { bookmarked: Boolean(row?.bookmarked), pinned: Boolean(row?.pinned) };
}

/** Whether the post is in one of the person's slots. */
export async function isPinned(db: Db, { userId, postId }: MarkKey): Promise<boolean> {
  const rows = await db
    .select({ slot: postPins.slot })
    .from(postPins)
    .where(and(eq(postPins.userId, userId), eq(postPins.postId, postId)));
  return rows.length > 0;
}

/** Puts the pin in this slot unless the slot (or the post) is taken; true when it was. A slot a
 * concurrent transaction is filling makes this wait for it, then find it taken. */
export async function insertPinAt(db: Db, pin: MarkKey & { slot: number }): Promise<boolean> {
  const rows = await db
    .insert(postPins)
    .values(pin)
    .onConflictDoNothing()
    .returning({ slot: postPins.slot });
  return rows.length > 0;
}

export async function deletePin(db: Db, { userId, postId }: MarkKey): Promise<void> {
  await db.delete(postPins).where(and(eq(postPins.userId, userId), eq(postPins.postId, postId)));
}

/** Frees the slots of the person's pins whose posts are no longer live (a moderator's removal:
 * the person can no longer see or unpin them). */
export async function deleteDeadPins(db: Db, userId: string): Promise<void> {
  await db
    .delete(postPins)
    .where(
      and(
        eq(postPins.userId, userId),
        sql`${postPins.postId} in (select ${posts.id} from ${posts} where ${posts.userId} = ${userId} and ${posts.deletedAt} is not null)`,
      ),
    );
}

/** Drops the post's pin, whoever's it is (the post is going). */
export async function deletePinsOfPost(db: Db, postId: string): Promise<void> {
  await db.delete(postPins).where(eq(postPins.postId, postId));
}

/** The person's pinned live posts, newest pin first. */
export async function pinnedPostIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: postPins.postId })
    .from(postPins)
    .innerJoin(posts, eq(posts.id, postPins.postId))
    .where(and(eq(postPins.userId, userId), isNull(posts.deletedAt)))
    .orderBy(desc(postPins.pinnedAt), desc(postPins.slot));
  return rows.map((r) => r.id);
}
