// Who may see whom (docs/safety.md "One rule for every read"): every read path that lists people
// or what they wrote — feed, profile, post, comments, activity, search, follow lists, mail — builds
// its condition from these fragments, so a block, a mute or a suspension applies everywhere at once.
// Posts have one rule more: a private account's are for its approved followers and itself
// (seesPostsOf, canSeePosts; docs/safety.md "Private accounts").
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";

type Column = SQL | SQL.Aliased | { getSQL(): SQL } | Placeholder;
/** The viewer's id, null for nobody signed in, a prepared statement's placeholder for it (the
 * fragments then hold for any viewer, nobody included: a comparison with null is never true), or
 * a column of the statement (one row per viewer). */
export type Viewer = string | null | Placeholder | SQL;

/** The people in a block with the viewer, whichever of the two made it. */
const blockedEitherWay = (viewerId: Exclude<Viewer, null>): SQL =>
  sql`select b.blocked_id from blocks b where b.blocker_id = ${viewerId} union all select b.blocker_id from blocks b where b.blocked_id = ${viewerId}`;

/** No block between the viewer and the person in `user`, in either direction. */
export function notBlockedWith(viewerId: Viewer, user: Column): SQL {
  if (viewerId === null) return sql`true`;
  // NOT IN over the viewer's own block rows: one small hashed set per query, read from the two
  // block indexes, however many rows the outer query looks at.
  return sql`${user} not in (${blockedEitherWay(viewerId)})`;
}

/** The people in a block with the viewer, either way (read once for the advanced search, which
 * leaves them out of its in-memory index's answers). */
export async function inBlockWith(db: Db, viewerId: string): Promise<string[]> {
  const rows = await queryRows<{ blocked_id: string }>(db, blockedEitherWay(viewerId));
  return rows.map((r) => r.blocked_id);
}

/** The viewer has not muted the person in `user`. */
export function notMutedBy(viewerId: Viewer, user: Column): SQL {
  if (viewerId === null) return sql`true`;
  return sql`${user} not in (select m.muted_id from mutes m where m.muter_id = ${viewerId})`;
}

/** The person in `user` is not suspended. */
export function notSuspended(user: Column): SQL {
  return sql`${user} not in (select sp.user_id from profiles sp where sp.suspended_at is not null)`;
}

/** People and their content the viewer may see: not suspended, no block either way. */
export function visiblePerson(viewerId: Viewer, user: Column): SQL {
  return sql`(${notSuspended(user)} and ${notBlockedWith(viewerId, user)})`;
}

/** Posts and comments for the viewer's lists: visible authors the viewer has not muted. */
export function visibleAuthor(viewerId: Viewer, user: Column): SQL {
  return sql`(${visiblePerson(viewerId, user)} and ${notMutedBy(viewerId, user)})`;
}

/** True when the person in `blocker` blocked the person in `blocked` (a one-way test, for the
 * profile page's single read: blockBetween's two answers from one statement). */
export const hasBlocked = (blocker: Column, blocked: Column): SQL<boolean> =>
  sql<boolean>`exists (select 1 from blocks bk where bk.blocker_id = ${blocker} and bk.blocked_id = ${blocked})`;

export type BlockState = "blocking" | "blocked" | null;

/** 'blocking': a blocked b; 'blocked': b blocked a; null: neither (a block both ways reads 'blocking'). */
export async function blockBetween(db: Db, a: string, b: string): Promise<BlockState> {
  const rows = await queryRows<{ blocker_id: string }>(
    db,
    sql`select blocker_id from blocks where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})`,
  );
  if (rows.some((r) => r.blocker_id === a)) return "blocking";
  return rows.length > 0 ? "blocked" : null;
}

/** Whether the viewer may see this person and what they wrote (one read: post pages, actions). */
export async function canSee(db: Db, viewerId: string | null, ownerId: string): Promise<boolean> {
  if (viewerId === ownerId) return true;
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${visiblePerson(viewerId, sql`${ownerId}::text`)} as ok`,
  );
  return Boolean(rows[0]?.ok);
}

/** The person in `owner` has no private account, or the viewer follows them (an approved follow;
 * a waiting request is not one). */
function postsOpenTo(viewerId: Viewer, owner: Column): SQL {
  return sql`(not exists (select 1 from profiles pa where pa.user_id = ${owner} and pa.private_account) or exists (select 1 from followers pf where pf.follower_id = ${viewerId} and pf.following_id = ${owner}))`;
}

/** canSeePosts as a condition: the owner, or a viewer who may see the owner and to whom the
 * owner's posts are open. */
export function seesPostsOf(viewerId: Viewer, owner: Column): SQL<boolean> {
  return sql<boolean>`((${owner} = ${viewerId}) is true or (${visiblePerson(viewerId, owner)} and ${postsOpenTo(viewerId, owner)}))`;
}

/** Whether the viewer may see this person's posts, and so their comments, likes and views: every
 * read of a post asks this (or seesPostsOf), never canSee alone. */
export async function canSeePosts(
  db: Db,
  viewerId: string | null,
  ownerId: string,
): Promise<boolean> {
  if (viewerId === ownerId) return true;
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${seesPostsOf(viewerId, sql`${ownerId}::text`)} as ok`,
  );
  return Boolean(rows[0]?.ok);
}

/** Which of these users may see the author's posts (the realtime like counts sent to a profile's
 * watchers: docs/social-and-realtime.md "Realtime"). */
export async function postReadersAmong(
  db: Db,
  { authorId, userIds }: { authorId: string; userIds: string[] },
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select u.id from unnest(${sql.param(userIds)}::text[]) as u(id)
      where ${seesPostsOf(sql`u.id`, sql`${authorId}::text`)}`,
  );
  return rows.map((r) => r.id);
}

/** Which of these authors' posts the user may see: `postReadersAmong` for one reader and many
 * authors, asked once for a reconnecting client's whole backlog (realtime/resume.ts). */
export async function readableAuthorsAmong(
  db: Db,
  { userId, authorIds }: { userId: string; authorIds: string[] },
): Promise<string[]> {
  if (authorIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select a.id from unnest(${sql.param(authorIds)}::text[]) as a(id)
      where ${seesPostsOf(userId, sql`a.id`)}`,
  );
  return rows.map((r) => r.id);
}
