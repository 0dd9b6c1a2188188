// The SQL of boosts from elsewhere (docs/federation.md "Posts from elsewhere"): someone followed
// here boosted a public post; one row per booster and post, named by their Announce.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fedActors, fedBoosts, fedFollowing, fedNotes } from "../../db/schema/federation";

/** Records the boost unless its Announce, or the booster's boost of that post, is known; whether
 * it is new. */
export async function insertBoost(
  db: Db,
  boost: { uri: string; actorId: string; noteId: string; publishedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(fedBoosts)
    .values(boost)
    .onConflictDoNothing()
    .returning({ id: fedBoosts.id });
  return rows.length > 0;
}

/** Removes the boost their Announce made, if `actorId` made it; whether it did. */
export async function deleteBoost(
  db: Db,
  { uri, actorId }: { uri: string; actorId: string },
): Promise<boolean> {
  const rows = await db
    .delete(fedBoosts)
    .where(and(eq(fedBoosts.uri, uri), eq(fedBoosts.actorId, actorId)))
    .returning({ id: fedBoosts.id });
  return rows.length > 0;
}

/** Those of `ids` that are boosts: the post each boosted and who boosted it. */
export function boostsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: fedBoosts.id,
      noteId: fedBoosts.noteId,
      handle: fedActors.handle,
      name: fedActors.name,
    })
    .from(fedBoosts)
    .innerJoin(fedActors, eq(fedActors.id, fedBoosts.actorId))
    .where(inArray(fedBoosts.id, ids));
}

/** Our people who follow (accepted) someone who boosted the post at `uri`. */
export async function boostersFollowersOf(db: Db, uri: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: fedFollowing.userId })
    .from(fedBoosts)
    .innerJoin(fedNotes, eq(fedNotes.id, fedBoosts.noteId))
    .innerJoin(fedFollowing, eq(fedFollowing.actorId, fedBoosts.actorId))
    .where(and(eq(fedNotes.uri, uri), eq(fedFollowing.state, "accepted")));
  return rows.map((r) => r.userId);
}
