// The federation in the app (docs/federation.md): Fedify over our tables, behind the Fastify bridge,
// with /api/federation/*, the outbox's `federate` topic, and the delivery queue's listener, which
// starts with the app and stops before the database closes.
import type { Federation } from "@fedify/fedify";
import type { AppModule } from "../../app-module";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { secretBox } from "../../infra/secret-box";
import type { FederationPort } from "../../ports/federation";
import {
  countLivePosts,
  postSeenElsewhere,
  postToFederate,
  publicPostIdAt,
} from "../posts/federated";
import { countPeople, userIdOfHandle } from "../profiles/federated";
import { registerFederationBridge } from "./bridge";
import { DeliveryHealth } from "./delivery-health";
import { recordDelivery } from "./delivery-queries";
import { createAppFederation } from "./federation";
import { approveAllRemoteRequests } from "./follow-requests";
import { listenToInbox } from "./inbox";
import { ActorKeys } from "./keys";
import { TableKvStore } from "./kv-store";
import { FEDERATION_SWEEP_MS, scheduleKvSweep } from "./kv-sweep";
import { joinLibraryLog } from "./library-log";
import { TableMessageQueue } from "./message-queue";
import { firstFeedKeys, remoteFeedKeys } from "./note-queries";
import { profileNoteRepostKeys } from "./note-repost-queries";
import { tagNoteKeys, tagNotesCount } from "./note-tag-queries";
import { presentNotes, presentReplies } from "./notes";
import { federateHandler } from "./outbound";
import { hasRemoteFollowers, remoteContactsOf } from "./queries";
import { quotedNoteCards } from "./quote-cards";
import { remoteMediaHandler } from "./remote-media";
import { federationRoutes } from "./routes";
import { isSuspendedHost } from "./suspended-hosts";

/** What the features ask of federation (ports/federation.ts). */
export const federationPort: FederationPort = {
  reachesOtherServers: (db: Db, userId: string) => hasRemoteFollowers(db, userId),
  async actorChanged(tx, fx, userId) {
    if (await hasRemoteFollowers(tx, userId)) fx.federate({ kind: "actor.update", userId });
  },
  approveAllRequests: approveAllRemoteRequests,
  async actorDeleted(tx, fx, userId) {
    const recipients = await remoteContactsOf(tx, userId);
    if (recipients.length > 0) fx.federate({ kind: "actor.delete", userId, recipients });
  },
  feedKeys: remoteFeedKeys,
  firstFeedKeys,
  tagKeys: tagNoteKeys,
  tagCount: tagNotesCount,
  profileRepostKeys: profileNoteRepostKeys,
  quotedNoteCards,
  presentNotes,
  repliesTo: presentReplies,
};

const built = new WeakMap<AppContext, Federation<void>>();

/** The app's one federation, built the first time the outbox or the routes ask for it. */
function federationOf(ctx: AppContext): Federation<void> {
  let federation = built.get(ctx);
  if (federation) return federation;
  const { db, config, log } = ctx;
  const deliveries = new DeliveryHealth(async (record) => {
    await recordDelivery(db, record);
    ctx.metrics.federationDeliveries.inc({ outcome: record.outcome });
  });
  federation = createAppFederation({
    db,
    config,
    kv: new TableKvStore(db),
    queue: deliveries.queue(
      new TableMessageQueue(db, {
        onError: (error) => log.error({ err: error }, "federation queue"),
      }),
    ),
    deliveries,
    keys: new ActorKeys(db, secretBox(config.sessionSecret, "federation keys")),
    postSeenBy: (postId, actorUri) => postSeenElsewhere(ctx, { postId, actorUri }),
    usage: async () => {
      const [users, { posts, comments }] = await Promise.all([countPeople(db), countLivePosts(db)]);
      return { users, posts, comments };
    },
  });
  listenToInbox(federation, {
    db,
    outbox: ctx.outbox,
    postSeenBy: (postId, actorUri) => postSeenElsewhere(ctx, { postId, actorUri }),
  });
  built.set(ctx, federation);
  return federation;
}

export const federationModule: AppModule = {
  jobs: [
    { interval: "federationSweepMs", everyMs: FEDERATION_SWEEP_MS, schedule: scheduleKvSweep },
  ],

  outbox: (ctx) => ({
    federate: federateHandler({
      db: ctx.db,
      config: ctx.config,
      base: ctx.config.publicUrl,
      federation: federationOf(ctx),
      postToFederate: (postId) => postToFederate(ctx, postId),
    }),
    "federation.media": remoteMediaHandler(ctx),
  }),

  async register(app, ctx) {
    const federation = federationOf(ctx);
    await joinLibraryLog(ctx.log);
    if (ctx.config.federation.allowPrivate) {
      ctx.log.warn(
        "FEDERATION_ALLOW_PRIVATE is on: federation may reach private addresses and plain-http actors",
      );
    }
    registerFederationBridge(app, federation, {
      base: ctx.config.publicUrl,
      limits: ctx.limits,
      refusesServer: (host) => isSuspendedHost(ctx.db, host),
      objectPathOf: async (route) => {
        if (route.kind === "profile") {
          const userId = await userIdOfHandle(ctx.db, route.handle);
          return userId ? `/ap/users/${encodeURIComponent(userId)}` : null;
        }
        if (route.kind === "post") {
          const postId = await publicPostIdAt(ctx, route);
          return postId ? `/ap/posts/${postId}` : null;
        }
        return null;
      },
    });
    await app.register(federationRoutes, {
      prefix: "/api/federation",
      deps: { db: ctx.db, outbox: ctx.outbox, config: ctx.config, limits: ctx.limits, federation },
    });
    const stop = new AbortController();
    app.addHook("onReady", async () => {
      federation.startQueue(undefined, { signal: stop.signal }).catch((error: unknown) => {
        ctx.log.error({ err: error }, "federation queue stopped");
      });
    });
    app.addHook("onClose", async () => stop.abort());
  },
};
