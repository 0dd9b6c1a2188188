// The SQL of boosts from elsewhere (docs/federation.md "Posts from elsewhere"): someone followed
// here boosted a public post; one row per booster and post, named by their Announce.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fedActors, fedBoosts, fedFollowing, fedNotes } from "../../db/schema/federation";

/** Records the boost unless its Announce is known; whether it changed anything. The booster's
 * boost of that post is one row, named by their newest Announce of it: a later boost of the same
 * post takes the row over, so the Undo of an earlier one, delivered after it (servers deliver out
 * of order), takes nothing back. */
export async function insertBoost(
  db: Db,
  boost: { uri: string; actorId: string; noteId: string; publishedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(fedBoosts)
    .values(boost)
    .onConflictDoNothing()
    .returning({ id: fedBoosts.id });
  if (rows.length > 0) return true;
  const taken = await db
    .update(fedBoosts)
    .set({ uri: boost.uri, publishedAt: boost.publishedAt })
    .where(
      and(
        eq(fedBoosts.actorId, boost.actorId),
        eq(fedBoosts.noteId, boost.noteId),
        lt(fedBoosts.publishedAt, boost.publishedAt),
        sql`not exists (select 1 from ${fedBoosts} known where known.uri = ${boost.uri})`,
      ),
    )
    .returning({ id: fedBoosts.id });
  return taken.length > 0;
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
