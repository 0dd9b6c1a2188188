// Follow use-cases (spec-1 §4, §5, §7): toggle with counters kept exact in the same transaction
// (on a private account it asks, or cancels the request: requests.ts), the follower lists each
// open to its audience, and how the viewer stands to someone (none, requested, following).

import type { FollowListKind, FollowState, PersonSummary } from "../../../domain/contracts/follows";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeCursor, pageOf } from "../../db/keyset";
import { badRequest, notFound, unauthorized } from "../../errors";
import { requireOwner } from "../../policy/access";
import { refuseBlockState } from "../../policy/blocks";
import { openFollowLists } from "../../policy/follow-lists";
import { spendNewAccountWrite } from "../../policy/new-accounts";
import { refuseRestricted } from "../../policy/restrictions";
import { standingOf } from "../../policy/viewer-relation";
import { canSee } from "../../policy/visibility";
import { noticeInStatement } from "../activity/record";
import { toPersonSummary } from "../profiles/person";
import { pushTargetsOf, tellByPush } from "../push/tell";
import { readPrivacy } from "./privacy-queries";
import { followExists, listFollows, lockPairState, writeFollow } from "./queries";
import { followRequestExists } from "./request-queries";
import { cancelRequest, requestFollow } from "./requests";

export async function toggleFollow(
  deps: Pick<AppContext, "db" | "outbox" | "limits" | "config">,
  input: {
    viewerId: string;
    targetUserId: string;
    followerId?: string | undefined;
    now?: Date;
  },
) {
  const { viewerId, targetUserId, now = new Date() } = input;
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
    const request = { requesterId: viewerId, targetId: targetUserId };
    if (state.requested) return cancelRequest(tx, fx, request);
    if (!state.following) {
      refuseRestricted(state.viewerRestrictedUntil);
      // A follow or a request; unfollowing spends nothing (docs/safety.md "New accounts").
      await spendNewAccountWrite({ ...deps, db: tx }, { userId: viewerId, write: "follows", now });
    }
    if (!state.following && state.targetPrivate) return requestFollow(tx, fx, request);
    const follow = !state.following;
    const notice = { kind: "follow" as const, actorId: viewerId, request: false };
    const written = await writeFollow(tx, pair, {
      follow,
      followedBack: state.followedBack,
      told: {
        notice: (at) => noticeInStatement({ ...at, actorId: viewerId, type: "FOLLOW" }),
        targets: (recipient) => pushTargetsOf(recipient, notice),
      },
    });
    const following = follow && written.changed;
    fx.publishAfterCommit({
      type: "follow.changed",
      ...pair,
      following,
      followerCounts: written.followerCounts,
      followingCounts: written.followingCounts,
    });
    if (following) {
      fx.publishAfterCommit({ type: "activity.created", recipientId: targetUserId });
      await tellByPush(tx, fx, { recipientId: targetUserId, notice, targets: written.targets });
    }
    return {
      following,
      state: following ? ("following" as const) : ("none" as const),
      counts: written.followingCounts,
    };
  });
}

export async function followStatus(
  db: Db,
  { viewerId, targetUserId }: { viewerId: string; targetUserId: string },
): Promise<{ following: boolean; state: FollowState }> {
  if (await followExists(db, { followerId: viewerId, followingId: targetUserId }))
    return { following: true, state: "following" };
  const requested = await followRequestExists(db, {
    requesterId: viewerId,
    targetId: targetUserId,
  });
  return { following: false, state: requested ? "requested" : "none" };
}

/** spec-1 §2, §6: the owner may open these lists, and whoever the list's audience names
 * (policy/follow-lists.ts; Only me until the owner chooses; Everyone takes in signed-out
 * visitors). Anyone else: 403 (401 signed out). People in a block with the viewer are left out. */
export async function followList(
  db: Db,
  input: {
    viewerId: string | null;
    userId: string;
    kind: FollowListKind;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ items: PersonSummary[]; nextCursor: string | null }> {
  if (input.viewerId !== input.userId) {
    const audiences = await readPrivacy(db, input.userId);
    const standing = await standingOf(db, input.viewerId, input.userId);
    const visible = await canSee(db, input.viewerId, input.userId);
    if (!audiences || !visible || !openFollowLists(audiences, standing)[input.kind]) {
      if (input.viewerId === null) throw unauthorized();
      requireOwner({
        viewerId: input.viewerId,
        ownerId: input.userId,
        permission: "profile.lists",
      });
    }
  }
  const rows = await listFollows(db, { ...input, cursor: decodeCursor(input.cursor) });
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    at: row.followedAt,
    id: row.userId,
  }));
  return { items: page.map(toPersonSummary), nextCursor };
}
