// Web push (docs/notifications.md "Push"), signed in: the VAPID key, a browser's subscription
// (POST: 201 new, 200 the same endpoint again), the person's browsers and removing one. Which kinds
// are pushed is a notification setting (modules/notifications).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okResponse } from "../../../domain/contracts/auth";
import {
  pushKeyResponse,
  pushSubscriptionIdParams,
  pushSubscriptionInput,
  pushSubscriptionsResponse,
  pushSubscriptionView,
} from "../../../domain/contracts/push";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import * as push from "./service";

const noStore = { "cache-control": "private, no-store" };

export const pushRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["push"];

  app.get("/key", { ...signedIn, schema: { tags, response: { 200: pushKeyResponse } } }, async () =>
    push.pushKey(ctx),
  );

  app.post(
    "/subscriptions",
    {
      ...signedIn,
      schema: {
        tags,
        body: pushSubscriptionInput,
        response: { 200: pushSubscriptionView, 201: pushSubscriptionView },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await push.subscribeBrowser(ctx, {
        viewerId: me(request),
        subscription: request.body,
        userAgent: request.headers["user-agent"] ?? null,
      });
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  app.get(
    "/subscriptions",
    { ...signedIn, schema: { tags, response: { 200: pushSubscriptionsResponse } } },
    async (request, reply) => {
      reply.headers(noStore);
      return push.listBrowsers(ctx, { viewerId: me(request) });
    },
  );

  app.delete(
    "/subscriptions/:subscriptionId",
    {
      ...signedIn,
      schema: { tags, params: pushSubscriptionIdParams, response: { 200: okResponse } },
    },
    async (request) => {
      await push.unsubscribeBrowser(ctx, {
        viewerId: me(request),
        subscriptionId: request.params.subscriptionId,
      });
      return { ok: true as const };
    },
  );
};
