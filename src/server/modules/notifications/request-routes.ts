// /api/requests (docs/notifications.md "Requests"): what the filter of new accounts held back from
// Activity, grouped by sender, and Accept and Dismiss per sender.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okResponse } from "../../../domain/contracts/auth";
import { requestSenderParams, requestsResponse } from "../../../domain/contracts/requests";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import * as requests from "./requests";

export const requestRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["notifications"];

  app.get(
    "/requests",
    { ...signedIn, schema: { tags, response: { 200: requestsResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { senders: await requests.listRequests(ctx.db, me(request)) };
    },
  );

  app.post(
    "/requests/:senderId/accept",
    { ...signedIn, schema: { tags, params: requestSenderParams, response: { 200: okResponse } } },
    async (request) =>
      requests.acceptRequests(ctx, { viewerId: me(request), senderId: request.params.senderId }),
  );

  app.post(
    "/requests/:senderId/dismiss",
    { ...signedIn, schema: { tags, params: requestSenderParams, response: { 200: okResponse } } },
    async (request) =>
      requests.dismissRequests(ctx, { viewerId: me(request), senderId: request.params.senderId }),
  );
};
