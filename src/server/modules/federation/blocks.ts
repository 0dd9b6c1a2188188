// Blocks that cross servers (docs/federation.md "Blocks"). One of our people blocking someone
// elsewhere ends the follows either way (with their counters), hides that person's replies on our
// person's posts, forgets what they did in our person's Activity, and sends `Block`; unblocking sends `Undo(Block)`. Someone elsewhere blocking one
// of ours ends the follows either way too, and we deliver them nothing more of that person's.
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import type { Effects } from "../../outbox/outbox";
import { forgetFromElsewhere } from "../activity/record";
import { deleteBlock, insertBlock } from "./block-queries";
import { acceptedFollowing, followerChanged } from "./counters";
import type { FederationDeps } from "./deps";
import { deleteFollowing, removeRemoteFollower } from "./queries";

/** Ends the follows between our person and the actor, either way, with their counters; tells the
 * actor's server of the one our person had (`tell`: when it is our person's choice). */
export async function endFollowsBetween(
  tx: Db,
  fx: Pick<Effects, "federate" | "publishAfterCommit">,
  { userId, actorId, tell }: { userId: string; actorId: string; tell: boolean },
): Promise<void> {
  const theirs = await removeRemoteFollower(tx, { actorId, userId });
  await followerChanged(tx, { userId, actorId, from: theirs?.state ?? null, to: null });
  const ours = await deleteFollowing(tx, { userId, actorId });
  if (ours?.state === "accepted") await acceptedFollowing(tx, ours, -1);
  if (ours && tell) {
    fx.federate({ kind: "unfollow", userId, actorId, followUri: ours.followUri });
  }
  if (ours) fx.publishAfterCommit({ type: "feed.stale", userIds: [userId] });
}

export async function setRemoteBlock(
  deps: FederationDeps,
  { id, viewerId, block }: { id: string; viewerId: string; block: boolean },
): Promise<void> {
  await deps.outbox.transaction(async (tx, fx) => {
    if (block) {
      const blockUri = new URL(`/ap/blocks/${randomUUID()}`, deps.config.publicUrl).href;
      if (!(await insertBlock(tx, { userId: viewerId, actorId: id, blockUri }))) return;
      await endFollowsBetween(tx, fx, { userId: viewerId, actorId: id, tell: true });
      await forgetFromElsewhere(tx, { recipientId: viewerId, fedActorId: id });
      fx.federate({ kind: "block", userId: viewerId, actorId: id, blockUri });
    } else {
      const blockUri = await deleteBlock(tx, { userId: viewerId, actorId: id });
      if (!blockUri) return;
      fx.federate({ kind: "unblock", userId: viewerId, actorId: id, blockUri });
    }
    // Boosts of their posts leave or return to our person's feed (note-queries.ts).
    fx.publishAfterCommit({ type: "feed.stale", userIds: [viewerId] });
  });
}
