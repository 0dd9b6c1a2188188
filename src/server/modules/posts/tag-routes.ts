// /api/tags/:tag, /api/tags/:tag/posts, /api/tags/:tag/follow, /api/tags/:tag/trending-hidden,
// /api/tags/suggest and /api/tags/trending (docs/feed.md "Hashtags", docs/search.md "Trending
// tags"): thin handlers over tags.ts. PUT sets and DELETE unsets, so a retry changes nothing more.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageQueryOf } from "../../../domain/contracts/page";
import { postPage } from "../../../domain/contracts/posts";
import {
  tagFollowResponse,
  tagListResponse,
  tagParams,
  tagSuggestQuery,
  tagTrendingResponse,
  tagView,
} from "../../../domain/contracts/tags";
import { FEED_PAGE_SIZE } from "../../../domain/limits";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import {
  getTag,
  setTagFollow,
  setTagTrendingHidden,
  suggestTags,
  tagPostsPage,
  trending,
} from "./tags";

export const tagRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["tags"];

  app.get(
    "/tags/suggest",
    { schema: { tags, querystring: tagSuggestQuery, response: { 200: tagListResponse } } },
    async (request) => suggestTags(ctx.db, request.query),
  );

  app.get("/tags/trending", { schema: { tags, response: { 200: tagListResponse } } }, async () =>
    trending(ctx.db),
  );

  app.get(
    "/tags/:tag",
    { schema: { tags, params: tagParams, response: { 200: tagView } } },
    async (request, reply) => {
      if (request.viewerId) reply.header("cache-control", "private, no-store");
      return getTag(ctx, { tag: request.params.tag, viewerId: request.viewerId });
    },
  );

  app.get(
    "/tags/:tag/posts",
    {
      schema: {
        tags,
        params: tagParams,
        querystring: pageQueryOf({ default: FEED_PAGE_SIZE, max: 50 }),
        response: { 200: postPage },
      },
    },
    async (request) =>
      tagPostsPage(ctx, { tag: request.params.tag, viewerId: request.viewerId, ...request.query }),
  );

  const follow = {
    ...signedIn,
    schema: { tags, params: tagParams, response: { 200: tagFollowResponse } },
  };
  app.put("/tags/:tag/follow", follow, async (request) =>
    setTagFollow(ctx, { tag: request.params.tag, viewerId: me(request), follow: true }),
  );
  app.delete("/tags/:tag/follow", follow, async (request) =>
    setTagFollow(ctx, { tag: request.params.tag, viewerId: me(request), follow: false }),
  );

  // Moderators only (docs/search.md "Trending tags"); 404 to everyone else.
  const hide = {
    ...signedIn,
    schema: { tags, params: tagParams, response: { 200: tagTrendingResponse } },
  };
  app.put("/tags/:tag/trending-hidden", hide, async (request) =>
    setTagTrendingHidden(ctx, { moderatorId: me(request), tag: request.params.tag, hidden: true }),
  );
  app.delete("/tags/:tag/trending-hidden", hide, async (request) =>
    setTagTrendingHidden(ctx, { moderatorId: me(request), tag: request.params.tag, hidden: false }),
  );
};
