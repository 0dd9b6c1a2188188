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

export interface WaitingRequester {
  requesterId: string;
  /** The owner follows the requester: the approval makes them friends. */
  followedBack: boolean;
}

/** A request committed while the lock statement waited for the owner's row: its requester is
 * not locked, and locking it now, after the owner's row, could close a circle with a toggle. */
class RequestersGrew extends Error {}

/**
 * Locks the owner's profile and every requester's in id order, in one statement (as
 * queries.ts lockPairState does for a pair, so the two never wait on each other in a circle), and
 * answers the waiting requests as they stand once those locks are held. The statement reads the
 * requests as they stood when it began, so one committed while it waited for the owner's row has
 * no lock: the read that follows (no request can be made while the owner's row is held) then
 * finds a requester not locked, and the locks are given back, by rolling back their savepoint, and
 * taken again with that requester among them.
 */
export async function lockWaitingRequesters(tx: Db, targetId: string): Promise<WaitingRequester[]> {
  for (;;) {
    try {
      return await tx.transaction(async (sp) => {
        const locked = await queryRows<{ user_id: string }>(
          sp,
          sql`select p.user_id from ${profiles} p
            where p.user_id = ${targetId}
              or p.user_id in (select r.requester_id from ${followRequests} r where r.target_id = ${targetId})
            order by p.user_id
            for update of p`,
        );
        const held = new Set(locked.map((r) => r.user_id));
        const waiting = await queryRows<{ requester_id: string; followed_back: boolean }>(
          sp,
          sql`select r.requester_id,
              exists (select 1 from followers f where f.follower_id = ${targetId} and f.following_id = r.requester_id) as followed_back
            from ${followRequests} r where r.target_id = ${targetId}
            order by r.requester_id`,
        );
        if (waiting.some((r) => !held.has(r.requester_id))) throw new RequestersGrew();
        return waiting.map((r) => ({
          requesterId: r.requester_id,
          followedBack: Boolean(r.followed_back),
        }));
      });
    } catch (error) {
      if (!(error instanceof RequestersGrew)) throw error;
    }
  }
}
