// Following people on other servers (docs/federation.md "Follows"): finding them by their
// handle (WebFinger, then their actor document), and following or unfollowing them. The follow is
// written with its Follow activity in one transaction; the outbox hands it to the delivery queue.
import { randomUUID } from "node:crypto";
import type { RemotePersonView } from "../../../domain/contracts/federation";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { Db } from "../../db/client";
import { decodeUuidCursor, pageOf } from "../../db/keyset";
import { conflict, notFound } from "../../errors";
import { spendNewAccountWrite } from "../../policy/new-accounts";
import { requireUnrestricted } from "../../policy/restrictions";
import { blockedByActor, blocksActor, domainBlockOf } from "./block-queries";
import { acceptedFollowing } from "./counters";
import type { FederationDeps } from "./deps";
import { noteKeysOf } from "./note-queries";
import { presentNotes } from "./notes";
import {
  actorById,
  deleteFollowing,
  findFollowing,
  insertFollowing,
  type RemoteActorRow,
} from "./queries";
import { findElsewhere } from "./remote-actors";
import { fetchImagesLater, iconToFetch } from "./remote-media";

const personNotFound = () => notFound("We could not find that person on their server.");

async function present(db: Db, actor: RemoteActorRow, viewerId: string): Promise<RemotePersonView> {
  const pair = { userId: viewerId, actorId: actor.id };
  const [following, blocked] = await Promise.all([findFollowing(db, pair), blocksActor(db, pair)]);
  return {
    id: actor.id,
    handle: actor.handle,
    name: actor.name,
    summary: actor.summary,
    // Our stored copy, never their server's address (docs/federation.md "Images from elsewhere").
    iconUrl: actor.iconMediaUrl,
    url: actor.url,
    approvesFollowers: actor.manuallyApprovesFollowers,
    follow: !following ? "none" : following.state === "accepted" ? "following" : "requested",
    blocked,
  };
}

/** Finds `name@server` where they live (a fresh look, so a renamed or moved actor is current). */
export async function lookUpPerson(
  deps: FederationDeps,
  { handle, viewerId }: { handle: string; viewerId: string },
): Promise<RemotePersonView> {
  const ctx = deps.federation.createContext(new URL(deps.config.publicUrl));
  const actor = await findElsewhere(ctx, deps.db, handle);
  if (!actor) throw personNotFound();
  // Their picture, when it is not fetched yet, for their page here ("Images from elsewhere").
  if (iconToFetch(actor)) {
    await deps.outbox.transaction(async (_tx, fx) => fetchImagesLater(fx, { actor }));
  }
  return present(deps.db, actor, viewerId);
}

export async function remotePerson(
  db: Db,
  { id, viewerId }: { id: string; viewerId: string },
): Promise<RemotePersonView> {
  const actor = await actorById(db, id);
  if (!actor) throw personNotFound();
  return present(db, actor, viewerId);
}

/** Follows them (a request until their server accepts); following twice changes nothing. */
export async function followRemote(
  deps: FederationDeps,
  { id, viewerId, now = new Date() }: { id: string; viewerId: string; now?: Date },
): Promise<RemotePersonView> {
  await requireUnrestricted(deps.db, viewerId);
  const actor = await actorById(deps.db, id);
  const pair = { userId: viewerId, actorId: id };
  if (
    !actor ||
    (await blockedByActor(deps.db, pair)) ||
    (await domainBlockOf(deps.db, actor.host)) === "suspend"
  ) {
    throw personNotFound();
  }
  if (await blocksActor(deps.db, pair)) {
    throw conflict(ERROR_CODES.conflict, "You block this person. Unblock them to follow them.");
  }
  const followUri = new URL(`/ap/follows/${randomUUID()}`, deps.config.publicUrl).href;
  await deps.outbox.transaction(async (tx, fx) => {
    if (await insertFollowing(tx, { userId: viewerId, actorId: actor.id, followUri })) {
      // A new follow, as one of ours (docs/safety.md "New accounts"); its refusal undoes it.
      await spendNewAccountWrite({ ...deps, db: tx }, { userId: viewerId, write: "follows", now });
      fx.federate({ kind: "follow", userId: viewerId, actorId: actor.id, followUri });
      fetchImagesLater(fx, { actor });
    }
  });
  return present(deps.db, actor, viewerId);
}

/** Stops following them, or withdraws the request; twice changes nothing. */
export async function unfollowRemote(
  deps: FederationDeps,
  { id, viewerId }: { id: string; viewerId: string },
): Promise<RemotePersonView> {
  const actor = await actorById(deps.db, id);
  if (!actor) throw personNotFound();
  await deps.outbox.transaction(async (tx, fx) => {
    const removed = await deleteFollowing(tx, { userId: viewerId, actorId: actor.id });
    if (!removed) return;
    if (removed.state === "accepted") await acceptedFollowing(tx, removed, -1);
    fx.federate({
      kind: "unfollow",
      userId: viewerId,
      actorId: actor.id,
      followUri: removed.followUri,
    });
  });
  return present(deps.db, actor, viewerId);
}

/** Their posts that reached us (those of people someone here follows), newest first. */
export async function remotePersonPosts(
  db: Db,
  { id, viewerId, limit, cursor }: { id: string; viewerId: string; limit: number; cursor?: string },
) {
  const actor = await actorById(db, id);
  if (!actor) throw personNotFound();
  const keys = await noteKeysOf(db, {
    actorId: id,
    limit: limit + 1,
    cursor: decodeUuidCursor(cursor),
  });
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({ at: k.createdAt, id: k.id }));
  const byId = new Map(
    (await presentNotes(db, { ids: page.map((k) => k.id), viewerId })).map((p) => [p.id, p]),
  );
  return { items: page.flatMap((k) => byId.get(k.id) ?? []), nextCursor };
}
