// /api/follows/* — the spec's follow-toggle function, follow status, the lists (each open to its
// audience), and
// people to follow on an empty feed (docs/feed.md "People to follow").
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  followListParams,
  followListQuery,
  followListResponse,
  followStatusResponse,
  followToggleBody,
  followToggleResponse,
  suggestionsQuery,
  suggestionsResponse,
} from "../../../domain/contracts/follows";
import { idempotencyKeyHeaders } from "../../../domain/contracts/idempotency";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { routeOnce } from "../../outbox/answered-once";
import { followList, followStatus, toggleFollow } from "./service";
import { suggestPeopleToFollow } from "./suggestions";

type FollowToggled = Awaited<ReturnType<typeof toggleFollow>>;

export const followRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["follows"];

  app.post(
    "/toggle",
    {
      ...signedIn,
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        body: followToggleBody,
        response: { 200: followToggleResponse },
      },
    },
    async (request, reply) => {
      const input = { viewerId: me(request), ...request.body };
      return routeOnce(
        ctx.db,
        { request, reply },
        { userId: input.viewerId, useCase: "follows.toggle", input },
        () => toggleFollow(ctx, input),
        async (receipt: FollowToggled) => receipt,
      );
    },
  );

  app.get(
    "/suggestions",
    {
      ...signedIn,
      schema: { tags, querystring: suggestionsQuery, response: { 200: suggestionsResponse } },
    },
    async (request) =>
      suggestPeopleToFollow(ctx, { viewerId: me(request), limit: request.query.limit }),
  );

  app.get(
    "/status/:userId",
    {
      ...signedIn,
      schema: {
        tags,
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: followStatusResponse },
      },
    },
    async (request) =>
      followStatus(ctx.db, { viewerId: me(request), targetUserId: request.params.userId }),
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
    async (request) =>
      followList(ctx.db, { viewerId: request.viewerId, ...request.params, ...request.query }),
  );
};
