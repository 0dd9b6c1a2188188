// /api/follow-requests and /api/account/privacy (docs/social-and-realtime.md "Private accounts"):
// the owner's waiting requests, approving and declining them, and the account's privacy settings.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  accountPrivacy,
  accountPrivacyBody,
  accountPrivacyResponse,
  followRequestApproveResponse,
  followRequestParams,
  followRequestsQuery,
  followRequestsResponse,
} from "../../../domain/contracts/follow-requests";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { accountPrivacy as readAccountPrivacy, updateAccountPrivacy } from "./privacy";
import { approveFollowRequest, declineFollowRequest, followRequestsPage } from "./requests";

export const followRequestRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["follows"];

  app.get(
    "/follow-requests",
    {
      ...signedIn,
      schema: {
        tags,
        querystring: followRequestsQuery,
        response: { 200: followRequestsResponse },
      },
    },
    async (request) => followRequestsPage(ctx.db, { ownerId: me(request), ...request.query }),
  );

  app.post(
    "/follow-requests/:userId/approve",
    {
      ...signedIn,
      schema: {
        tags,
        params: followRequestParams,
        response: { 200: followRequestApproveResponse },
      },
    },
    async (request) =>
      approveFollowRequest(ctx, { ownerId: me(request), requesterId: request.params.userId }),
  );

  app.post(
    "/follow-requests/:userId/decline",
    {
      ...signedIn,
      schema: { tags, params: followRequestParams },
    },
    async (request, reply) => {
      await declineFollowRequest(ctx, { ownerId: me(request), requesterId: request.params.userId });
      return reply.status(204).send();
    },
  );

  app.get(
    "/account/privacy",
    { ...signedIn, schema: { tags, response: { 200: accountPrivacy } } },
    async (request) => readAccountPrivacy(ctx.db, me(request)),
  );

  app.put(
    "/account/privacy",
    {
      ...signedIn,
      schema: { tags, body: accountPrivacyBody, response: { 200: accountPrivacyResponse } },
    },
    async (request) => updateAccountPrivacy(ctx, { userId: me(request), changes: request.body }),
  );
};
