// What a block does to follows (docs/safety.md "Block"), for safety to run in its own
// transaction: lock the pair and read its state, then remove each follow with its counters and
// the follow requests either way.
import type { Db } from "../../db/client";
import { type FollowPair, lockPairState, writeFollow } from "./queries";
import { deleteFollowRequestsBetween } from "./request-queries";

/** Locks both profiles and reads the pair's state (follows/queries.ts `lockPairState`). */
export const lockFollowPair = (tx: Db, viewerId: string, targetUserId: string) =>
  lockPairState(tx, viewerId, targetUserId);

/** Removes one follow with its counters (the friend count too when the other still follows
 * back); the follow.changed fields when there was one to remove. */
export async function removeFollow(tx: Db, pair: FollowPair, followedBack: boolean) {
  const { changed, followerCounts, followingCounts } = await writeFollow(tx, pair, {
    follow: false,
    followedBack,
  });
  return changed ? { ...pair, followerCounts, followingCounts } : null;
}

/** Removes both people's waiting requests to each other (their activity items go with the
 * block's forgetting of the activity between them). */
export const removeFollowRequests = (tx: Db, a: string, b: string) =>
  deleteFollowRequestsBetween(tx, a, b);
