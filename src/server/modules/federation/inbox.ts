// What other servers send us (docs/federation.md "What comes in"): follows of our people and their
// undoing, and the answers to our people's follows. Fedify has verified the signature, and its
// idempotence keeps an activity id from being handled twice, before a listener runs.
import { randomUUID } from "node:crypto";
import type { Federation, InboxContext } from "@fedify/fedify";
import {
  Accept,
  Announce,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  Like,
  QuoteRequest,
  Reject,
  Undo,
  Update,
} from "@fedify/vocab";
import type { ActivityType } from "../activity/record";
import { visitorProfileOf } from "../profiles/federated";
import { actorDeleted, isSelfDelete } from "./actor-deleted";
import { blocksActor } from "./block-queries";
import { blockedBy, unblockedBy } from "./blocks-inbox";
import { announced, unannounced } from "./boosts-inbox";
import { acceptedFollowing, followerChanged } from "./counters";
import { flaggedFromElsewhere } from "./flags";
import { INSTANCE_ACTOR } from "./instance-actor";
import { likedFromElsewhere, unlikedFromElsewhere } from "./likes-inbox";
import { type NotesInboxDeps, noteCreated, noteDeleted, noteUpdated } from "./notes-inbox";
import { followForgotten, followNoticed } from "./notices";
import {
  actorByUri,
  deleteFollowing,
  findFollowingByUri,
  putRemoteFollower,
  removeRemoteFollower,
} from "./queries";
import { quoteRequested } from "./quote-approvals";
import { quoteAccepted } from "./quote-requests";
import { quoteAuthorizationDeleted } from "./quote-revoke";
import { rememberActor } from "./remote-actors";
import { rememberUndone, wasUndone } from "./undone-activities";

export type InboxDeps = NotesInboxDeps;

/** Our person a Follow names, or null (someone else's, the instance's, or no one's). */
function followedPerson(ctx: InboxContext<void>, follow: Follow): string | null {
  if (!follow.objectId) return null;
  const parsed = ctx.parseUri(follow.objectId);
  if (parsed?.type !== "actor" || parsed.identifier === INSTANCE_ACTOR) return null;
  return parsed.identifier;
}

export function listenToInbox(federation: Federation<void>, deps: InboxDeps) {
  const { db } = deps;
  federation
    .setInboxListeners("/ap/users/{identifier}/inbox", "/ap/inbox")
    // Keys fetched for deliveries to the shared inbox are fetched signed by the instance actor, so
    // servers that require signed fetches (Mastodon's secure mode) answer.
    .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR }))
    .on(Create, (ctx, create) => noteCreated(deps, ctx, create))
    .on(Update, (ctx, update) => noteUpdated(deps, ctx, update))
    .on(Delete, async (ctx, del) => {
      if (isSelfDelete(del)) return actorDeleted(deps, del);
      if (await quoteAuthorizationDeleted(deps, ctx, del)) return;
      return noteDeleted(deps, ctx, del);
    })
    .on(Follow, async (ctx, follow) => {
      const userId = followedPerson(ctx, follow);
      if (!userId || !follow.id || !follow.actorId) return;
      // Its Undo came first (undone-activities.ts): nothing to follow, nothing to answer.
      if (await wasUndone(db, "follow", follow.id)) return;
      const shown = await visitorProfileOf(db, userId);
      const follower = await follow.getActor(ctx);
      if (!follower || follower.id?.href !== follow.actorId.href) return;
      const me = ctx.getActorUri(userId);
      const answer = (Kind: typeof Accept | typeof Reject) =>
        ctx.sendActivity(
          { identifier: userId },
          follower,
          new Kind({ id: new URL(`#answers/${randomUUID()}`, me), actor: me, object: follow }),
        );
      if (!shown) return answer(Reject);
      const state = shown.profile.privateAccount ? "pending" : "accepted";
      const refused = await deps.outbox.transaction(async (tx, fx) => {
        const actorId = await rememberActor(tx, follower);
        if (!actorId) return true;
        // Someone our person blocks may not follow them.
        if (await blocksActor(tx, { userId, actorId })) return true;
        const before = await putRemoteFollower(tx, {
          actorId,
          userId,
          followUri: follow.id?.href ?? "",
          state,
        });
        await followerChanged(tx, { userId, actorId, from: before, to: state });
        await followNoticed(tx, fx, { userId, actorId, from: before, to: state });
        return false;
      });
      if (refused) await answer(Reject);
      else if (state === "accepted") await answer(Accept);
    })
    .on(Block, (ctx, block) => blockedBy(deps, ctx, block))
    .on(Like, (ctx, like) => likedFromElsewhere(deps, ctx, like))
    .on(Announce, (ctx, announce) => announced(deps, ctx, announce))
    .on(Flag, (ctx, flag) => flaggedFromElsewhere(deps, ctx, flag))
    .on(QuoteRequest, (ctx, request) => quoteRequested(deps, ctx, request))
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (object instanceof Block) return unblockedBy(deps, ctx, undo, object);
      if (object instanceof Like) return unlikedFromElsewhere(deps, ctx, undo, object);
      if (object instanceof Announce) return unannounced(deps, ctx, undo, object);
      if (!(object instanceof Follow) || !undo.actorId) return;
      if (object.actorId?.href !== undo.actorId.href) return;
      const userId = followedPerson(ctx, object);
      if (!userId) return;
      const actor = await actorByUri(db, undo.actorId.href);
      const removed = actor
        ? await deps.outbox.transaction(async (tx, fx) => {
            const before = await removeRemoteFollower(tx, { actorId: actor.id, userId });
            const from = before?.state ?? null;
            await followerChanged(tx, { userId, actorId: actor.id, from, to: null });
            if (before) {
              const types: ActivityType[] = ["FOLLOW", "FOLLOW_REQUEST"];
              await followForgotten(tx, fx, { userId, actorId: actor.id, types });
            }
            return before;
          })
        : null;
      // Kept only when the Follow it names was not here (it comes later, if at all): Misskey names
      // every Follow between the same two people by one id, and would have its next one ignored.
      if (removed?.followUri !== object.id?.href) await rememberUndone(db, "follow", object.id);
    })
    .on(Accept, async (ctx, accept) => {
      if (await quoteAccepted(deps, ctx, accept)) return;
      const following = accept.objectId ? await findFollowingByUri(db, accept.objectId.href) : null;
      if (!following || !accept.actorId) return;
      const actor = await actorByUri(db, accept.actorId.href);
      if (actor?.id !== following.actorId) return;
      await db.transaction((tx) => acceptedFollowing(tx, following));
    })
    .on(Reject, async (_ctx, reject) => {
      const following = reject.objectId ? await findFollowingByUri(db, reject.objectId.href) : null;
      if (!following || !reject.actorId) return;
      const actor = await actorByUri(db, reject.actorId.href);
      if (actor?.id !== following.actorId) return;
      await db.transaction(async (tx) => {
        const removed = await deleteFollowing(tx, following);
        if (removed?.state === "accepted") await acceptedFollowing(tx, removed, -1);
      });
    })
    // A deleted actor's key is gone with it (410): their Delete of themselves is taken unverified,
    // as Mastodon does; it can only remove what they held here.
    .onUnverifiedActivity(async (_ctx, activity, reason) => {
      const gone =
        reason.type === "keyFetchError" &&
        "status" in reason.result &&
        reason.result.status === 410;
      if (!gone || !isSelfDelete(activity)) return;
      await actorDeleted(deps, activity);
      return new Response(null, { status: 202 });
    });
}
