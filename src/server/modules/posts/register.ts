// The posts area in the app (docs/feed.md): its routes, the caches that serve the feed and posts
// from memory (kept current by domain events), and the sweep of timeline rows past their days.
import { FEED_PAGE_SIZE } from "../../../domain/limits";
import type { AppModule } from "../../app-module";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { onReplica } from "../../db/read-routing";
import type { CacheBudgets } from "../../infra/cache-budget";
import type { FederationPort } from "../../ports/federation";
import { FeedCache, type FeedCacheOptions } from "./feed-cache";
import { PostHydrator } from "./hydration";
import { linkPreviewRoutes } from "./link-preview-routes";
import {
  LINK_PREVIEW_SWEEP_MS,
  runLinkPreviewSweep,
  scheduleLinkPreviewSweep,
} from "./link-preview-sweep";
import { markRoutes } from "./mark-routes";
import { likedAmong, loadPosts } from "./queries";
import { quotedAuthorsSeen } from "./quote-queries";
import { quoteRoutes } from "./quote-routes";
import { replyPolicyRoutes } from "./reply-policy-routes";
import { repostedAmong, visibleReposts } from "./repost-queries";
import { repostRoutes } from "./repost-routes";
import { postRedirectRoute, postRoutes } from "./routes";
import { mergedFeedKeys } from "./service";
import { tagFollowersAmong } from "./tag-queries";
import { tagRoutes } from "./tag-routes";
import { runTimelineSweep, scheduleTimelineSweep, TIMELINE_SWEEP_MS } from "./timeline-sweep";

declare module "fastify" {
  interface FastifyInstance {
    /** One run deleting timeline rows past their days at `now` (docs/feed.md). */
    runTimelineSweep(now: Date, everyMs?: number): Promise<number | null>;
    /** One run pruning link previews at `now` (docs/feed.md "Link previews"). */
    runLinkPreviewSweep(now: Date, everyMs?: number): Promise<number | null>;
  }
}

/** The context's post caches, each within its share of CACHE_MEMORY_MB; `followersAmong` is the
 * follows' own read (follows imports posts, so posts does not import it); `federation` adds the
 * posts from elsewhere to the feed pages. */
export function postCaches(
  db: Db,
  budgets: CacheBudgets,
  followersAmong: FeedCacheOptions["followersAmong"],
  federation: FederationPort,
): Pick<AppContext, "feed" | "hydrator"> {
  return {
    feed: new FeedCache({
      load: (viewerId, depth, changedAt) =>
        onReplica(
          db,
          (on) =>
            mergedFeedKeys({ db: on, federation }, { viewerId, limit: depth - 1, cursor: null }),
          changedAt,
        ),
      followersAmong,
      tagFollowersAmong: (input) => tagFollowersAmong(db, input),
      depth: FEED_PAGE_SIZE + 1,
      maxBytes: budgets.feedPages,
    }),
    hydrator: new PostHydrator({
      load: (ids) => loadPosts(db, ids),
      likedAmong: (viewerId, ids) => likedAmong(db, { viewerId, ids }),
      repostedAmong: (viewerId, ids) => repostedAmong(db, { viewerId, ids }),
      visibleReposts: (viewerId, ids) => visibleReposts(db, { viewerId, ids }),
      quotedAuthorsSeen: (viewerId, authorIds) => quotedAuthorsSeen(db, { viewerId, authorIds }),
      quotedNoteCards: (viewerId, noteIds) => federation.quotedNoteCards(db, { viewerId, noteIds }),
      maxBytes: { posts: budgets.posts, likes: budgets.postLikes, reposts: budgets.repostViews },
    }),
  };
}

export const postsModule: AppModule = {
  async register(app, ctx) {
    const unsubscribe = [
      ctx.bus.subscribe((event) => ctx.feed.apply(event)),
      ctx.bus.subscribe((event) => ctx.hydrator.apply(event)),
      ctx.bus.onReset(() => {
        ctx.feed.clear();
        ctx.hydrator.clear();
      }),
    ];
    app.addHook("onClose", async () => {
      for (const stop of unsubscribe) stop();
    });
    await app.register(postRoutes, { prefix: "/api", ctx });
    await app.register(markRoutes, { prefix: "/api", ctx });
    await app.register(linkPreviewRoutes, { prefix: "/api", ctx });
    await app.register(repostRoutes, { prefix: "/api", ctx });
    await app.register(quoteRoutes, { prefix: "/api", ctx });
    await app.register(tagRoutes, { prefix: "/api", ctx });
    await app.register(replyPolicyRoutes, { prefix: "/api", ctx });
    await app.register(postRedirectRoute, { prefix: "", ctx });
    app.decorate("runTimelineSweep", (now: Date, everyMs?: number) =>
      runTimelineSweep(ctx, now, everyMs),
    );
    app.decorate("runLinkPreviewSweep", (now: Date, everyMs?: number) =>
      runLinkPreviewSweep(ctx, now, everyMs),
    );
  },
  jobs: [
    { interval: "timelineSweepMs", everyMs: TIMELINE_SWEEP_MS, schedule: scheduleTimelineSweep },
    {
      interval: "linkPreviewSweepMs",
      everyMs: LINK_PREVIEW_SWEEP_MS,
      schedule: scheduleLinkPreviewSweep,
    },
  ],
};
