// Follow use-cases (spec-1 §4, §5, §7): toggle with counters kept exact in the same transaction,
// the owner-only follower lists, and whether the viewer follows someone.

import { ERROR_CODES } from "../../../domain/contracts/errors";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { displayHandle } from "../../../domain/handles";
import type { Db } from "../../db/client";
import { AppError, badRequest, forbidden } from "../../errors";
import { decodeCursor, pageOf } from "../../http/cursor";
import type { EventBus } from "../../realtime/bus";
import { recordActivity } from "../activity/record";
import {
  bumpCounts,
  deleteFollow,
  followExists,
  insertFollow,
  listFollows,
  lockPair,
} from "./queries";

export interface FollowDeps {
  db: Db;
  bus: EventBus;
}

export async function toggleFollow(
  deps: FollowDeps,
  viewerId: string,
  input: { targetUserId: string; followerId?: string | undefined },
) {
  if (input.followerId && input.followerId !== viewerId) {
    throw forbidden("You can only follow or unfollow as yourself.");
  }
  if (input.targetUserId === viewerId)
    throw badRequest(ERROR_CODES.validation, "You can't follow yourself.");
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockPair(tx, viewerId, input.targetUserId);
    if (!locked.includes(input.targetUserId))
      throw new AppError(404, ERROR_CODES.notFound, "Profile not found");
    const mutualBefore = await followExists(tx, input.targetUserId, viewerId);
    const unfollowed = await deleteFollow(tx, viewerId, input.targetUserId);
    const following = !unfollowed && (await insertFollow(tx, viewerId, input.targetUserId));
    const step = following ? 1 : unfollowed ? -1 : 0;
    const friends = mutualBefore ? step : 0;
    const followerCounts = await bumpCounts(tx, viewerId, { following: step, friends });
    const followingCounts = await bumpCounts(tx, input.targetUserId, { followers: step, friends });
    const notify = following
      ? await recordActivity(tx, {
          recipientId: input.targetUserId,
          actorId: viewerId,
          type: "FOLLOW",
        })
      : null;
    return { following, followerCounts, followingCounts, notify };
  });
  await deps.bus.publish({
    type: "follow.changed",
    followerId: viewerId,
    followingId: input.targetUserId,
    following: result.following,
    followerCounts: result.followerCounts,
    followingCounts: result.followingCounts,
  });
  if (result.notify)
    await deps.bus.publish({ type: "activity.created", recipientId: result.notify });
  return { following: result.following, counts: result.followingCounts };
}

export async function isFollowing(
  db: Db,
  viewerId: string,
  targetUserId: string,
): Promise<boolean> {
  return followExists(db, viewerId, targetUserId);
}

/** spec-1 §2, §6: only the profile's owner may open these lists. */
export async function followList(
  db: Db,
  viewerId: string,
  userId: string,
  kind: "friends" | "following" | "followers",
  limit: number,
  rawCursor: string | undefined,
): Promise<{ items: PersonSummary[]; nextCursor: string | null }> {
  if (viewerId !== userId) throw forbidden("Only the profile's owner can see this list.");
  const rows = await listFollows(db, userId, kind, limit, decodeCursor(rawCursor));
  const { page, nextCursor } = pageOf(rows, limit, (row) => ({
    at: row.followedAt.toISOString(),
    id: row.userId,
  }));
  return { items: page.map(toPersonSummary), nextCursor };
}

export function toPersonSummary(row: {
  userId: string;
  fullName: string;
  username: string | null;
  defaultUsername: string;
  emailAddress: string;
  profileImageUrl: string | null;
  verificationType: string;
  veteran: boolean;
}): PersonSummary {
  return {
    userId: row.userId,
    fullName: row.fullName,
    handle: displayHandle(row),
    username: row.username,
    profileImageUrl: row.profileImageUrl,
    verificationType:
      row.verificationType === "yellow" || row.verificationType === "black"
        ? row.verificationType
        : "none",
    veteran: row.veteran,
  };
}
