// Block and mute (docs/safety.md "Block", "Mute"). A block removes the follows both ways with
// their counters in the same transaction, and the activity between the two; from then on the
// read rules of src/server/policy/visibility.ts hide each from the other. Neither side is told.
import { and, desc, eq, or, type SQL } from "drizzle-orm";
import type { Relation } from "../../../domain/contracts/safety";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeCursor, keysetBefore, pageOf } from "../../db/keyset";
import { userActivity } from "../../db/schema/activity";
import { profiles } from "../../db/schema/profiles";
import { blocks, mutes } from "../../db/schema/safety";
import { AppError, badRequest } from "../../errors";
import { type Pair, relationOf } from "../../policy/relations";
import { type FollowPair, lockPairState, writeFollow } from "../follows/queries";
import { personColumns, toPersonSummary } from "../profiles/person";

type Deps = Pick<AppContext, "db" | "bus">;

function notSelf({ viewerId, targetUserId }: Pair) {
  if (viewerId === targetUserId) throw badRequest(ERROR_CODES.validation, "That is you.");
}

/** Removes one follow with its counters (the friend count too when the other still follows back). */
async function unfollowInside(db: Db, pair: FollowPair, followedBack: boolean) {
  const { changed, followerCounts, followingCounts } = await writeFollow(db, pair, {
    follow: false,
    followedBack,
  });
  return changed ? { ...pair, followerCounts, followingCounts } : null;
}

export async function block(deps: Deps, pair: Pair): Promise<Relation> {
  notSelf(pair);
  const { viewerId, targetUserId } = pair;
  const removed = await deps.db.transaction(async (tx) => {
    const state = await lockPairState(tx, viewerId, targetUserId);
    if (!state.targetFound) throw new AppError(404, ERROR_CODES.notFound, "Profile not found");
    await tx
      .insert(blocks)
      .values({ blockerId: viewerId, blockedId: targetUserId })
      .onConflictDoNothing();
    // Under the lock the follows read with it hold; once the first goes, the second is no
    // longer followed back.
    const follows = [
      state.following
        ? await unfollowInside(
            tx,
            { followerId: viewerId, followingId: targetUserId },
            state.followedBack,
          )
        : null,
      state.followedBack
        ? await unfollowInside(tx, { followerId: targetUserId, followingId: viewerId }, false)
        : null,
    ];
    await tx
      .delete(userActivity)
      .where(
        or(
          and(eq(userActivity.recipientId, viewerId), eq(userActivity.actorId, targetUserId)),
          and(eq(userActivity.recipientId, targetUserId), eq(userActivity.actorId, viewerId)),
        ),
      );
    return follows.filter((f) => f !== null);
  });
  for (const follow of removed) {
    await deps.bus.publish({ type: "follow.changed", ...follow, following: false });
  }
  await deps.bus.publish({ type: "relation.changed", userIds: [viewerId, targetUserId] });
  return relationOf(deps.db, pair);
}

export async function unblock(deps: Deps, pair: Pair): Promise<Relation> {
  await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, pair.viewerId), eq(blocks.blockedId, pair.targetUserId)));
  await deps.bus.publish({ type: "relation.changed", userIds: [pair.viewerId, pair.targetUserId] });
  return relationOf(deps.db, pair);
}

export async function setMute(deps: Deps, pair: Pair & { muted: boolean }): Promise<Relation> {
  notSelf(pair);
  const { viewerId, targetUserId } = pair;
  if (pair.muted) {
    const [target] = await deps.db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, targetUserId));
    if (!target) throw new AppError(404, ERROR_CODES.notFound, "Profile not found");
    await deps.db
      .insert(mutes)
      .values({ muterId: viewerId, mutedId: targetUserId })
      .onConflictDoNothing();
  } else {
    await deps.db
      .delete(mutes)
      .where(and(eq(mutes.muterId, viewerId), eq(mutes.mutedId, targetUserId)));
  }
  await deps.bus.publish({ type: "relation.changed", userIds: [viewerId] });
  return relationOf(deps.db, pair);
}

/** The viewer's blocked or muted people, newest first (Settings). */
export async function listRelations(
  db: Db,
  {
    viewerId,
    kind,
    limit,
    cursor,
  }: { viewerId: string; kind: "blocks" | "mutes"; limit: number; cursor?: string | undefined },
) {
  const table =
    kind === "blocks"
      ? { owner: blocks.blockerId, other: blocks.blockedId, at: blocks.createdAt, from: blocks }
      : { owner: mutes.muterId, other: mutes.mutedId, at: mutes.createdAt, from: mutes };
  const after: SQL | undefined = keysetBefore(
    { at: table.at, id: table.other, idType: "text" },
    decodeCursor(cursor),
  );
  const rows = await db
    .select({ ...personColumns, since: table.at })
    .from(table.from)
    .innerJoin(profiles, eq(profiles.userId, table.other))
    .where(and(eq(table.owner, viewerId), after))
    .orderBy(desc(table.at), desc(table.other))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit, (row) => ({ at: row.since, id: row.userId }));
  return {
    items: page.map((row) => ({ person: toPersonSummary(row), since: row.since.toISOString() })),
    nextCursor,
  };
}
