// Follow use-cases (spec-1 §4, §5, §7): toggle with counters kept exact in the same transaction,
// the owner-only follower lists, and whether the viewer follows someone.

import type { FollowListKind, PersonSummary } from "../../../domain/contracts/follows";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeCursor, pageOf } from "../../db/keyset";
import { badRequest, notFound } from "../../errors";
import { requireOwner } from "../../policy/access";
import { refuseBlockState } from "../../policy/blocks";
import { refuseRestricted } from "../../policy/restrictions";
import { toPersonSummary } from "../profiles/person";
import { followExists, listFollows, lockPairState, writeFollow } from "./queries";

export async function toggleFollow(
  deps: Pick<AppContext, "outbox">,
  input: { viewerId: string; targetUserId: string; followerId?: string | undefined },
) {
  const { viewerId, targetUserId } = input;
  if (input.followerId) {
    requireOwner({ viewerId, ownerId: input.followerId, permission: "follow.act" });
  }
  if (targetUserId === viewerId)
    throw badRequest(ERROR_CODES.validation, "You can't follow yourself.");
  const pair = { followerId: viewerId, followingId: targetUserId };
  // The live updates go out after the commit without an outbox row (docs/outbox.md "Writing").
  return deps.outbox.transaction(async (tx, fx) => {
    const state = await lockPairState(tx, viewerId, targetUserId);
    if (!state.targetFound) throw notFound("Profile not found");
    refuseBlockState(state.block);
    if (!state.following) refuseRestricted(state.viewerRestrictedUntil);
    const follow = !state.following;
    const written = await writeFollow(tx, pair, { follow, followedBack: state.followedBack });
    const following = follow && written.changed;
    fx.publishAfterCommit({
      type: "follow.changed",
      ...pair,
      following,
      followerCounts: written.followerCounts,
      followingCounts: written.followingCounts,
    });
    if (following) fx.publishAfterCommit({ type: "activity.created", recipientId: targetUserId });
    return {
      following,
      state: following ? ("following" as const) : ("none" as const),
      counts: written.followingCounts,
    };
  });
}

export function isFollowing(
  db: Db,
  { viewerId, targetUserId }: { viewerId: string; targetUserId: string },
): Promise<boolean> {
  return followExists(db, { followerId: viewerId, followingId: targetUserId });
}

/** spec-1 §2, §6: only the profile's owner may open these lists. */
export async function followList(
  db: Db,
  input: {
    viewerId: string;
    userId: string;
    kind: FollowListKind;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ items: PersonSummary[]; nextCursor: string | null }> {
  requireOwner({ viewerId: input.viewerId, ownerId: input.userId, permission: "profile.lists" });
  const rows = await listFollows(db, { ...input, cursor: decodeCursor(input.cursor) });
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    at: row.followedAt,
    id: row.userId,
  }));
  return { items: page.map(toPersonSummary), nextCursor };
}
