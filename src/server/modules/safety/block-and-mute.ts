// Block and mute (docs/safety.md "Block", "Mute"). A block removes the follows both ways with
// their counters in the same transaction, the follow requests either way, and the activity
// between the two; from then on the
// read rules of src/server/policy/visibility.ts hide each from the other. Neither side is told.
import type { Relation } from "../../../domain/contracts/safety";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeCursor, pageOf } from "../../db/keyset";
import { badRequest, notFound } from "../../errors";
import { type Pair, relationOf } from "../../policy/blocks";
import { forgetActivityBetween } from "../activity/record";
import { lockFollowPair, removeFollow, removeFollowRequests } from "../follows/pair";
import { toPersonSummary } from "../profiles/person";
import { profileExists } from "../profiles/safety";
import { deleteBlock, deleteMute, insertBlock, insertMute, relationRows } from "./queries";

type Deps = Pick<AppContext, "db" | "outbox">;

function notSelf({ viewerId, targetUserId }: Pair) {
  if (viewerId === targetUserId) throw badRequest(ERROR_CODES.validation, "That is you.");
}

export async function block(deps: Deps, pair: Pair): Promise<Relation> {
  notSelf(pair);
  const { viewerId, targetUserId } = pair;
  await deps.outbox.transaction(async (tx, fx) => {
    const state = await lockFollowPair(tx, viewerId, targetUserId);
    if (!state.targetFound) throw notFound("Profile not found");
    await insertBlock(tx, { blockerId: viewerId, blockedId: targetUserId });
    // Under the lock the follows read with it hold; once the first goes, the second is no
    // longer followed back.
    const follows = [
      state.following
        ? await removeFollow(
            tx,
            { followerId: viewerId, followingId: targetUserId },
            state.followedBack,
          )
        : null,
      state.followedBack
        ? await removeFollow(tx, { followerId: targetUserId, followingId: viewerId }, false)
        : null,
    ];
    await removeFollowRequests(tx, viewerId, targetUserId);
    await forgetActivityBetween(tx, viewerId, targetUserId);
    for (const follow of follows) {
      if (follow) fx.publishAfterCommit({ type: "follow.changed", ...follow, following: false });
    }
    fx.publishAfterCommit({ type: "relation.changed", userIds: [viewerId, targetUserId] });
  });
  return relationOf(deps.db, pair);
}

export async function unblock(deps: Deps, pair: Pair): Promise<Relation> {
  await deps.outbox.statement(async (db, fx) => {
    await deleteBlock(db, { blockerId: pair.viewerId, blockedId: pair.targetUserId });
    fx.publishAfterCommit({
      type: "relation.changed",
      userIds: [pair.viewerId, pair.targetUserId],
    });
  });
  return relationOf(deps.db, pair);
}

export async function setMute(deps: Deps, pair: Pair & { muted: boolean }): Promise<Relation> {
  notSelf(pair);
  const { viewerId, targetUserId } = pair;
  const mute = { muterId: viewerId, mutedId: targetUserId };
  if (pair.muted && !(await profileExists(deps.db, targetUserId)))
    throw notFound("Profile not found");
  await deps.outbox.statement(async (db, fx) => {
    if (pair.muted) await insertMute(db, mute);
    else await deleteMute(db, mute);
    fx.publishAfterCommit({ type: "relation.changed", userIds: [viewerId] });
  });
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
  const rows = await relationRows(db, { viewerId, kind, limit, after: decodeCursor(cursor) });
  const { page, nextCursor } = pageOf(rows, limit, (row) => ({ at: row.since, id: row.userId }));
  return {
    items: page.map((row) => ({ person: toPersonSummary(row), since: row.since.toISOString() })),
    nextCursor,
  };
}
