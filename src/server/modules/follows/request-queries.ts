// SQL for follow_requests (docs/social-and-realtime.md "Private accounts"): a request's row, the
// owner's waiting list, and the locks that approving every request at once takes.
import { and, desc, eq, or, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { followRequests } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import { notSuspended } from "../../policy/visibility";
import { personColumns } from "../profiles/person";

export interface RequestPair {
  requesterId: string;
  targetId: string;
}

/** True when the row is new (a repeat finds it there). */
export async function insertFollowRequest(tx: Db, pair: RequestPair): Promise<boolean> {
  const rows = await tx
    .insert(followRequests)
    .values(pair)
    .onConflictDoNothing()
    .returning({ one: sql<number>`1` });
  return rows.length > 0;
}

/** True when there was one to delete. */
export async function deleteFollowRequest(
  tx: Db,
  { requesterId, targetId }: RequestPair,
): Promise<boolean> {
  const rows = await tx
    .delete(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .returning({ one: sql<number>`1` });
  return rows.length > 0;
}

/** Both people's requests to each other (a block). */
export async function deleteFollowRequestsBetween(tx: Db, a: string, b: string): Promise<void> {
  await tx
    .delete(followRequests)
    .where(
      or(
        and(eq(followRequests.requesterId, a), eq(followRequests.targetId, b)),
        and(eq(followRequests.requesterId, b), eq(followRequests.targetId, a)),
      ),
    );
}

export async function followRequestExists(
  db: Db,
  { requesterId, targetId }: RequestPair,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .limit(1);
  return rows.length > 0;
}

/** One page of the owner's waiting requests, newest first, keyset-paginated on (created_at,
 * requester) through follow_requests_target_created_idx; suspended requesters left out. */
export async function listFollowRequests(
  db: Db,
  { targetId, limit, cursor }: { targetId: string; limit: number; cursor: Cursor | null },
) {
  return db
    .select({ ...personColumns, since: followRequests.createdAt })
    .from(followRequests)
    .innerJoin(profiles, eq(profiles.userId, followRequests.requesterId))
    .where(
      and(
        eq(followRequests.targetId, targetId),
        keysetBefore({ at: followRequests.createdAt, id: followRequests.requesterId }, cursor),
        notSuspended(followRequests.requesterId),
      ),
    )
    .orderBy(desc(followRequests.createdAt), desc(followRequests.requesterId))
    .limit(limit + 1);
}

export interface LockedRequester {
  requesterId: string;
  /** The owner follows the requester: the approval makes them friends. */
  followedBack: boolean;
}

/**
 * Locks the owner's profile and every requester's in id order, in one statement (as
 * queries.ts lockPairState does for a pair, so the two never wait on each other in a circle), and
 * answers the requesters locked. `known` lists requesters locked before: the caller asks again
 * until no new request turns up, since a request committed while this statement waited for the
 * owner's row is not in its snapshot (once the owner's row is held, no new one can be written).
 */
export async function lockRequesters(
  tx: Db,
  { targetId, known }: { targetId: string; known: string[] },
): Promise<LockedRequester[]> {
  const rows = await queryRows<{ user_id: string; followed_back: boolean }>(
    tx,
    sql`select p.user_id,
        exists (select 1 from followers f where f.follower_id = ${targetId} and f.following_id = p.user_id) as followed_back
      from ${profiles} p
      where p.user_id = ${targetId}
        or (p.user_id in (select r.requester_id from ${followRequests} r where r.target_id = ${targetId})
          and not p.user_id = any(${sql.param(known)}::text[]))
      order by p.user_id
      for update of p`,
  );
  return rows
    .filter((r) => r.user_id !== targetId)
    .map((r) => ({ requesterId: r.user_id, followedBack: Boolean(r.followed_back) }));
}
