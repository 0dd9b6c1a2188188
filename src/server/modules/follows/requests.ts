// Follow requests of private accounts (docs/social-and-realtime.md "Private accounts"): making and
// cancelling one (from the toggle, under its pair lock), the owner's list, approving and declining,
// and approving them all when the account stops being private. An approval moves the counters as
// a follow does, in the same transaction; a declined or cancelled request leaves no row and no
// activity item behind.

import type { FollowRequestView } from "../../../domain/contracts/follow-requests";
import type { FollowState } from "../../../domain/contracts/follows";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeCursor, pageOf } from "../../db/keyset";
import { notFound } from "../../errors";
import type { Effects, LiveEffects } from "../../outbox/outbox";
import { forgetFollowRequest, recordActivity } from "../activity/record";
import { personWith } from "../profiles/person";
import { tellByPush } from "../push/tell";
import { countsOf, type FollowCounts, lockPairState, writeFollow } from "./queries";
import {
  deleteFollowRequest,
  insertFollowRequest,
  listFollowRequests,
  lockWaitingRequesters,
  type RequestPair,
} from "./request-queries";

type Deps = Pick<AppContext, "db" | "outbox">;

const requestNotFound = () => notFound("Follow request not found");

/** What a request's change tells both people (follow.changed with its state): counts unchanged. */
async function publishRequestState(
  tx: Db,
  fx: LiveEffects,
  { requesterId, targetId }: RequestPair,
  state: FollowState,
) {
  const followerCounts = await countsOf(tx, requesterId);
  const followingCounts = await countsOf(tx, targetId);
  fx.publishAfterCommit({
    type: "follow.changed",
    followerId: requesterId,
    followingId: targetId,
    following: false,
    state,
    followerCounts,
    followingCounts,
  });
  return followingCounts;
}

/** Under the toggle's pair lock: the request, the owner's activity item and push. */
export async function requestFollow(
  tx: Db,
  fx: Pick<Effects, "publishAfterCommit" | "push">,
  pair: RequestPair,
): Promise<{ following: false; state: "requested"; counts: FollowCounts }> {
  if (await insertFollowRequest(tx, pair)) {
    await recordActivity(tx, {
      recipientId: pair.targetId,
      actorId: pair.requesterId,
      type: "FOLLOW_REQUEST",
    });
    fx.publishAfterCommit({ type: "activity.created", recipientId: pair.targetId });
    const notice = { kind: "follow" as const, actorId: pair.requesterId, request: true };
    await tellByPush(tx, fx, { recipientId: pair.targetId, notice });
  }
  const counts = await publishRequestState(tx, fx, pair, "requested");
  return { following: false, state: "requested", counts };
}

/** Under the pair lock: the request and its activity item gone (the requester's cancel, or the
 * owner's decline). The owner's activity badge is told to read its count again. */
async function dropRequest(tx: Db, fx: LiveEffects, pair: RequestPair): Promise<FollowCounts> {
  await deleteFollowRequest(tx, pair);
  await forgetFollowRequest(tx, pair);
  fx.publishAfterCommit({ type: "activity.created", recipientId: pair.targetId });
  return publishRequestState(tx, fx, pair, "none");
}

export async function cancelRequest(
  tx: Db,
  fx: LiveEffects,
  pair: RequestPair,
): Promise<{ following: false; state: "none"; counts: FollowCounts }> {
  return { following: false, state: "none", counts: await dropRequest(tx, fx, pair) };
}

/** Under the pair's lock (or the owner's, with every requester's): the request becomes a follow
 * with its counters, and the requester is told "accepted your follow request". */
async function approveLocked(
  tx: Db,
  fx: LiveEffects,
  pair: RequestPair,
  followedBack: boolean,
): Promise<FollowCounts> {
  await deleteFollowRequest(tx, pair);
  await forgetFollowRequest(tx, pair);
  const follow = { followerId: pair.requesterId, followingId: pair.targetId };
  const written = await writeFollow(tx, follow, { follow: true, followedBack });
  fx.publishAfterCommit({
    type: "follow.changed",
    ...follow,
    following: true,
    state: "following",
    followerCounts: written.followerCounts,
    followingCounts: written.followingCounts,
  });
  const told = await recordActivity(tx, {
    recipientId: pair.requesterId,
    actorId: pair.targetId,
    type: "FOLLOW_ACCEPTED",
  });
  if (told) fx.publishAfterCommit({ type: "activity.created", recipientId: told });
  return written.followingCounts;
}

/** The owner approves: 404 when the person neither asked nor follows; a repeat changes nothing. */
export async function approveFollowRequest(
  deps: Deps,
  { ownerId, requesterId }: { ownerId: string; requesterId: string },
): Promise<{ counts: FollowCounts }> {
  return deps.outbox.transaction(async (tx, fx) => {
    const state = await lockPairState(tx, requesterId, ownerId);
    const pair = { requesterId, targetId: ownerId };
    if (state.requested) return { counts: await approveLocked(tx, fx, pair, state.followedBack) };
    if (state.following) return { counts: await countsOf(tx, ownerId) };
    throw requestNotFound();
  });
}

/** The owner declines: nothing is left of the request; a repeat changes nothing. 404 only for a
 * person who does not exist. */
export async function declineFollowRequest(
  deps: Deps,
  { ownerId, requesterId }: { ownerId: string; requesterId: string },
): Promise<void> {
  await deps.outbox.transaction(async (tx, fx) => {
    const state = await lockPairState(tx, requesterId, ownerId);
    if (state.requested) await dropRequest(tx, fx, { requesterId, targetId: ownerId });
    else if (!state.viewerFound) throw requestNotFound();
  });
}

/**
 * Turning private off approves every waiting request (the caller's transaction): the owner's and
 * the requesters' rows locked in id order first, then each request approved. Answers how many.
 */
export async function approveAllRequests(
  tx: Db,
  fx: LiveEffects,
  ownerId: string,
): Promise<number> {
  const waiting = await lockWaitingRequesters(tx, ownerId);
  for (const { requesterId, followedBack } of waiting) {
    await approveLocked(tx, fx, { requesterId, targetId: ownerId }, followedBack);
  }
  return waiting.length;
}

/** The owner's waiting requests, newest first. */
export async function followRequestsPage(
  db: Db,
  input: { ownerId: string; limit: number; cursor?: string | undefined },
): Promise<{ items: FollowRequestView[]; nextCursor: string | null }> {
  const rows = await listFollowRequests(db, {
    targetId: input.ownerId,
    limit: input.limit,
    cursor: decodeCursor(input.cursor),
  });
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    at: row.since,
    id: row.userId,
  }));
  return {
    items: page.map((row) => personWith(row, { since: row.since.toISOString() })),
    nextCursor,
  };
}
