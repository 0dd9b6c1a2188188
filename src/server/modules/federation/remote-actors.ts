// The people of other servers as we keep them (docs/federation.md "Follows"): what their
// actor document says, as plain values, refreshed each time one of their activities or a lookup
// brings the document again.
import type { Context } from "@fedify/fedify";
import { type Actor, isActor } from "@fedify/vocab";
import type { Db } from "../../db/client";
import { domainBlockOf } from "./block-queries";
import { htmlText } from "./html-text";
import { INSTANCE_ACTOR } from "./instance-actor";
import {
  actorByHandle,
  actorById,
  type RemoteActorFields,
  type RemoteActorRow,
  upsertActor,
} from "./queries";

const SUMMARY_MAX = 2_000;
const NAME_MAX = 200;

/** When their server says the account was made: its age for the filter of new accounts
 * (docs/notifications.md "Requests"); a time still to come is taken as now. */
function publishedAt(actor: Actor): Date | null {
  if (!actor.published) return null;
  return new Date(Math.min(actor.published.epochMilliseconds, Date.now()));
}

/** The row fields of an actor document; null when it lacks what following needs (an inbox). */
export async function actorFields(actor: Actor): Promise<RemoteActorFields | null> {
  if (!actor.id || !actor.inboxId) return null;
  const username = actor.preferredUsername?.toString() ?? actor.id.pathname.split("/").pop() ?? "";
  const icon = await actor.getIcon().catch(() => null);
  const iconUrl = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? null);
  const summary = actor.summary ? htmlText(actor.summary.toString()) : "";
  return {
    uri: actor.id.href,
    handle: `${username}@${actor.id.host}`.toLowerCase(),
    host: actor.id.host,
    inbox: actor.inboxId.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
    name: (actor.name?.toString() || username).slice(0, NAME_MAX),
    summary: summary.slice(0, SUMMARY_MAX),
    iconUrl,
    url: actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? null),
    manuallyApprovesFollowers: actor.manuallyApprovesFollowers ?? false,
    publishedAt: publishedAt(actor),
  };
}

/** Keeps the actor's row current; its row id, or null when the document is not a usable actor. */
export async function rememberActor(db: Db, actor: unknown): Promise<string | null> {
  if (!isActor(actor)) return null;
  const fields = await actorFields(actor);
  return fields ? upsertActor(db, fields) : null;
}

/** Finds `name@server` where they live (WebFinger, then their actor document, fetched signed by
 * the instance actor: a fresh look, so a renamed or moved actor is current) and keeps them; the
 * row last kept when their server does not answer; null for nobody, or a suspended server. */
export async function findElsewhere(
  ctx: Context<void>,
  db: Db,
  handle: string,
): Promise<RemoteActorRow | null> {
  const host = handle.split("@")[1] ?? "";
  if ((await domainBlockOf(db, host)) === "suspend") return null;
  const documentLoader = await ctx.getDocumentLoader({ identifier: INSTANCE_ACTOR });
  const found = await ctx.lookupObject(`@${handle}`, { documentLoader }).catch(() => null);
  const actorId = isActor(found) ? await rememberActor(db, found) : null;
  return (actorId ? await actorById(db, actorId) : await actorByHandle(db, handle)) ?? null;
}
