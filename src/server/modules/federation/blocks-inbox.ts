// A block from elsewhere (docs/federation.md "Blocks"): someone there blocking one of our people
// ends the follows between them, and we deliver them nothing more of that person's; their
// `Undo(Block)` lifts it.
import type { InboxContext } from "@fedify/fedify";
import type { Block, Undo } from "@fedify/vocab";
import type { Db } from "../../db/client";
import type { Outbox } from "../../outbox/outbox";
import { deleteBlockedBy, insertBlockedBy } from "./block-queries";
import { endFollowsBetween } from "./blocks";
import { INSTANCE_ACTOR } from "./instance-actor";
import { actorByUri } from "./queries";

/** Our person a Block names, and the blocker's row, when both are known. */
async function parties(db: Db, ctx: InboxContext<void>, block: Block) {
  if (!block.objectId || !block.actorId) return null;
  const parsed = ctx.parseUri(block.objectId);
  if (parsed?.type !== "actor" || parsed.identifier === INSTANCE_ACTOR) return null;
  const actor = await actorByUri(db, block.actorId.href);
  return actor ? { userId: parsed.identifier, actorId: actor.id } : null;
}

export async function blockedBy(
  deps: { db: Db; outbox: Outbox },
  ctx: InboxContext<void>,
  block: Block,
) {
  const pair = await parties(deps.db, ctx, block);
  if (!pair) return;
  await deps.outbox.transaction(async (tx, fx) => {
    await insertBlockedBy(tx, pair);
    await endFollowsBetween(tx, fx, { ...pair, tell: false });
  });
}

/** Their Undo of their Block. */
export async function unblockedBy(
  deps: { db: Db },
  ctx: InboxContext<void>,
  undo: Undo,
  block: Block,
): Promise<void> {
  if (block.actorId?.href !== undo.actorId?.href) return;
  const pair = await parties(deps.db, ctx, block);
  if (pair) await deleteBlockedBy(deps.db, pair);
}
