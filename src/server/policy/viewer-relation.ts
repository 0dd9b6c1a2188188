// The reads behind "who sees what" (docs/profiles-and-media.md "Who sees what"): how a viewer stands
// to a profile's owner — the owner, a friend (each follows the other, spec-1 §3) or anyone else —
// for the presenters that apply domain/audiences.ts, and the viewer's friends for the search index.
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { ViewerStanding } from "../../domain/audiences";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";

type Column = SQL | SQL.Aliased | { getSQL(): SQL } | Placeholder;

/** True when the viewer in `viewer` (a placeholder of a prepared statement: null for nobody) and
 * the person in `user` follow each other. */
export const friendsWith = (viewer: Column, user: Column): SQL<boolean> =>
  sql<boolean>`(exists (select 1 from followers fa where fa.follower_id = ${viewer} and fa.following_id = ${user}) and exists (select 1 from followers fb where fb.follower_id = ${user} and fb.following_id = ${viewer}))`;

/** True when the viewer and the person in `user` follow each other. */
function isFriendOf(viewerId: string | null, user: Column): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return friendsWith(sql`${viewerId}`, user);
}

export async function standingOf(
  db: Db,
  viewerId: string | null,
  ownerId: string,
): Promise<ViewerStanding> {
  if (viewerId === null) return "other";
  if (viewerId === ownerId) return "owner";
  const [row] = await queryRows<{ friend: boolean }>(
    db,
    sql`select ${isFriendOf(viewerId, sql`${ownerId}::text`)} as friend`,
  );
  return row?.friend ? "friend" : "other";
}

/** A row's standing, given whether its owner is among the viewer's friends. */
export const standingFrom = (
  viewerId: string | null,
  ownerId: string,
  friend: boolean,
): ViewerStanding => (viewerId === ownerId ? "owner" : friend ? "friend" : "other");

/** Everyone the viewer is friends with: the people they follow who follow them back. */
export async function friendsOf(db: Db, viewerId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select fa.following_id as id from followers fa join followers fb on fb.follower_id = fa.following_id and fb.following_id = fa.follower_id where fa.follower_id = ${viewerId}`,
  );
  return rows.map((r) => r.id);
}
