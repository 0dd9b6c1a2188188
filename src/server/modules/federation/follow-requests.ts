// Follow requests from elsewhere to a private account (docs/federation.md "Follows"): its owner
// sees them (and their Activity item: notices.ts), approves one (an `Accept`, and the follow
// counted) or declines it (a `Reject`), the item going either way; turning the account public
// approves every one waiting, in the same transaction as the change.
import type { RemoteFollowRequestView } from "../../../domain/contracts/federation";
import type { FollowCounts } from "../../../domain/contracts/follows";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import type { Effects } from "../../outbox/outbox";
import { followCountersOf } from "../profiles/federated";
import { followerChanged } from "./counters";
import { followForgotten } from "./notices";
import { pendingRemoteFollowers, putRemoteFollower, removeRemoteFollower } from "./queries";

/** Waiting requests shown at once; a private account with more sees the newest. */
const REQUESTS_SHOWN = 200;

const requestNotFound = () => notFound("Follow request not found");

export async function remoteFollowRequests(
  db: Db,
  userId: string,
): Promise<{ items: RemoteFollowRequestView[] }> {
  const rows = await pendingRemoteFollowers(db, { userId, limit: REQUESTS_SHOWN });
  return {
    items: rows.map((row) => ({
      id: row.id,
      handle: row.handle,
      name: row.name,
      since: row.since.toISOString(),
    })),
  };
}

async function approve(
  tx: Db,
  fx: Pick<Effects, "federate" | "publishAfterCommit" | "push">,
  userId: string,
  actorId: string,
  followUri: string,
) {
  const before = await putRemoteFollower(tx, { actorId, userId, followUri, state: "accepted" });
  await followerChanged(tx, { userId, actorId, from: before, to: "accepted" });
  await followForgotten(tx, fx, { userId, actorId, types: ["FOLLOW_REQUEST"] });
  fx.federate({ kind: "accept", userId, actorId, followUri });
}

/** Approves one waiting request; an approved or missing one answers 404. */
export async function approveRemoteRequest(
  deps: Pick<AppContext, "outbox">,
  { userId, actorId }: { userId: string; actorId: string },
): Promise<{ counts: FollowCounts }> {
  return deps.outbox.transaction(async (tx, fx) => {
    const waiting = (await pendingRemoteFollowers(tx, { userId, limit: REQUESTS_SHOWN })).find(
      (row) => row.id === actorId,
    );
    if (!waiting) throw requestNotFound();
    await approve(tx, fx, userId, actorId, waiting.followUri);
    return { counts: await followCountersOf(tx, userId) };
  });
}

/** Declines one waiting request; a missing one answers 404. */
export async function declineRemoteRequest(
  deps: Pick<AppContext, "outbox">,
  { userId, actorId }: { userId: string; actorId: string },
): Promise<{ ok: true }> {
  return deps.outbox.transaction(async (tx, fx) => {
    const waiting = (await pendingRemoteFollowers(tx, { userId, limit: REQUESTS_SHOWN })).find(
      (row) => row.id === actorId,
    );
    if (!waiting) throw requestNotFound();
    await removeRemoteFollower(tx, { actorId, userId });
    await followForgotten(tx, fx, { userId, actorId, types: ["FOLLOW_REQUEST"] });
    fx.federate({ kind: "reject", userId, actorId, followUri: waiting.followUri });
    return { ok: true as const };
  });
}

/** Approves every waiting request (the account turned public); how many. */
export async function approveAllRemoteRequests(
  tx: Db,
  fx: Pick<Effects, "federate" | "publishAfterCommit" | "push">,
  userId: string,
): Promise<number> {
  let approved = 0;
  for (;;) {
    const waiting = await pendingRemoteFollowers(tx, { userId, limit: REQUESTS_SHOWN });
    for (const row of waiting) await approve(tx, fx, userId, row.id, row.followUri);
    approved += waiting.length;
    if (waiting.length < REQUESTS_SHOWN) return approved;
  }
}
