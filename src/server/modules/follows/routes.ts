// /api/follows/* — the spec's follow-toggle function, follow status, and the owner-only lists.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  followListParams,
  followListQuery,
  followListResponse,
  followStatusResponse,
  followToggleBody,
  followToggleResponse,
} from "../../../domain/contracts/follows";
import { type AuthDeps, requireUserId } from "../auth/service";
import type { FollowDeps } from "./service";
import { followList, isFollowing, toggleFollow } from "./service";

export const followRoutes: FastifyPluginAsyncZod<{ auth: AuthDeps; follows: FollowDeps }> = async (
  app,
  { auth, follows },
) => {
  const tags = ["follows"];

  app.post(
    "/toggle",
    { schema: { tags, body: followToggleBody, response: { 200: followToggleResponse } } },
    async (request) => {
      const viewerId = await requireUserId(auth, request);
      return toggleFollow(follows, viewerId, request.body);
    },
  );

  app.get(
    "/status/:userId",
    {
      schema: {
        tags,
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: followStatusResponse },
      },
    },
    async (request) => {
      const viewerId = await requireUserId(auth, request);
      return { following: await isFollowing(follows.db, viewerId, request.params.userId) };
    },
  );

  app.get(
    "/:userId/:kind",
    {
      schema: {
        tags,
        params: followListParams,
        querystring: followListQuery,
        response: { 200: followListResponse },
      },
    },
    async (request) => {
      const viewerId = await requireUserId(auth, request);
      const { userId, kind } = request.params;
      return followList(
        follows.db,
        viewerId,
        userId,
        kind,
        request.query.limit,
        request.query.cursor,
      );
    },
  );
};
