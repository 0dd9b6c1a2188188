// Signed fetches (docs/federation.md "Signed fetches"): with FEDERATION_SIGNED_FETCHES on, another
// server must sign its fetch of a person or a post here (the instance actor and WebFinger stay
// open, so servers can learn our keys); the fetch then names who asks, and someone the person
// blocks, or anyone on a suspended server, is answered 404 as if nothing were there.
import type { RequestContext } from "@fedify/fedify";
import type { Db } from "../../db/client";
import { blocksActor, domainBlockOf } from "./block-queries";
import { actorByUri } from "./queries";

/** Whether the fetch may be answered at all: signed, when signed fetches are on. */
export const signedWhenRequired = async (ctx: RequestContext<void>, required: boolean) =>
  !required || (await ctx.getSignedKeyOwner()) !== null;

/** Whether the person's things are hidden from whoever signed this fetch. */
export async function hiddenFromRequester(
  db: Db,
  ctx: RequestContext<void>,
  userId: string,
): Promise<boolean> {
  const requester = (await ctx.getSignedKeyOwner())?.id;
  if (!requester) return false;
  if ((await domainBlockOf(db, requester.host)) === "suspend") return true;
  const actor = await actorByUri(db, requester.href);
  return actor !== undefined && (await blocksActor(db, { userId, actorId: actor.id }));
}
