// /api/bookmarks, /api/posts/:postId/bookmark, /api/posts/:postId/pin, /api/posts/:postId/marks and
// /api/users/:userId/pinned-posts (docs/feed.md "Bookmarks", "Pinned posts"): thin handlers over
// marks.ts. PUT marks and DELETE unmarks, so a retried request changes nothing more.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageQueryOf } from "../../../domain/contracts/page";
import {
  bookmarkResponse,
  pinnedPostsResponse,
  pinResponse,
  postMarksResponse,
} from "../../../domain/contracts/post-marks";
import { postIdParams, postPage } from "../../../domain/contracts/posts";
import { BOOKMARKS_PAGE_SIZE } from "../../../domain/limits";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import {
  bookmarkPost,
  bookmarksPage,
  pinnedPosts,
  pinPost,
  postMarks,
  unbookmarkPost,
  unpinPost,
} from "./marks";

export const markRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["posts"];
  const action = (request: { params: { postId: string } }, viewerId: string) => ({
    viewerId,
    postId: request.params.postId,
  });

  app.get(
    "/bookmarks",
    {
      ...signedIn,
      schema: {
        tags,
        querystring: pageQueryOf({ default: BOOKMARKS_PAGE_SIZE, max: 50 }),
        response: { 200: postPage },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return bookmarksPage(ctx, { viewerId: me(request), ...request.query });
    },
  );

  const bookmark = {
    ...signedIn,
    schema: { tags, params: postIdParams, response: { 200: bookmarkResponse } },
  };
  app.put("/posts/:postId/bookmark", bookmark, async (request) =>
    bookmarkPost(ctx.db, action(request, me(request))),
  );
  app.delete("/posts/:postId/bookmark", bookmark, async (request) =>
    unbookmarkPost(ctx.db, action(request, me(request))),
  );

  const pin = {
    ...signedIn,
    schema: { tags, params: postIdParams, response: { 200: pinResponse } },
  };
  app.put("/posts/:postId/pin", pin, async (request) =>
    pinPost(ctx.db, action(request, me(request))),
  );
  app.delete("/posts/:postId/pin", pin, async (request) =>
    unpinPost(ctx.db, action(request, me(request))),
  );

  app.get(
    "/posts/:postId/marks",
    { ...signedIn, schema: { tags, params: postIdParams, response: { 200: postMarksResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return postMarks(ctx.db, action(request, me(request)));
    },
  );

  app.get(
    "/users/:userId/pinned-posts",
    {
      schema: {
        tags,
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: pinnedPostsResponse },
      },
    },
    async (request) =>
      pinnedPosts(ctx, { userId: request.params.userId, viewerId: request.viewerId }),
  );
};
