// Mentions that leave (docs/federation.md "Mentions"): the people elsewhere a post of ours names
// as `@name@server`, each a `Mention` tag of its Note and a recipient of its delivery. The worker
// finds unknown ones with WebFinger (findElsewhere); a handle nobody answers stays plain text.
// Someone who blocks the author, whom the author blocks, or on a suspended server, is left out.
import type { Context } from "@fedify/fedify";
import { mentionsIn } from "../../../domain/mentions";
import type { Db } from "../../db/client";
import { blockedByActor, blocksActor, domainBlockOf } from "./block-queries";
import { actorByHandle, type RemoteActorRow } from "./queries";
import { findElsewhere } from "./remote-actors";

/** The people elsewhere `text` mentions whom the author may reach: the ones already kept here,
 * or (`lookUp`, in the delivery worker) anyone their server answers for. */
export async function mentionedElsewhere(
  ctx: Context<void>,
  db: Db,
  { text, authorId, lookUp }: { text: string; authorId: string; lookUp: boolean },
): Promise<RemoteActorRow[]> {
  const people: RemoteActorRow[] = [];
  for (const handle of mentionsIn(text).elsewhere) {
    const actor = lookUp ? await findElsewhere(ctx, db, handle) : await actorByHandle(db, handle);
    if (!actor || people.some((p) => p.id === actor.id)) continue;
    const pair = { userId: authorId, actorId: actor.id };
    if ((await blockedByActor(db, pair)) || (await blocksActor(db, pair))) continue;
    if ((await domainBlockOf(db, actor.host)) === "suspend") continue;
    people.push(actor);
  }
  return people;
}
