// /api/activity/* — the grouped Activity page, marking read, and the menu badge's unread count.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  activityQuery,
  activityResponse,
  markGroupReadBody,
  unreadCountResponse,
} from "../../../domain/contracts/activity";
import { okResponse } from "../../../domain/contracts/auth";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { listActivity, markActivityRead, unreadCount } from "./service";

export const activityRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["activity"];

  app.get(
    "/",
    {
      ...signedIn,
      schema: { tags, querystring: activityQuery, response: { 200: activityResponse } },
    },
    async (request) => ({ groups: await listActivity(ctx, me(request)) }),
  );

  app.get(
    "/unread-count",
    { ...signedIn, schema: { tags, response: { 200: unreadCountResponse } } },
    async (request) => ({ count: await unreadCount(ctx.db, me(request)) }),
  );

  app.post(
    "/read",
    { ...signedIn, schema: { tags, body: markGroupReadBody, response: { 200: okResponse } } },
    async (request) => markActivityRead(ctx, { recipientId: me(request), group: request.body }),
  );

  app.post(
    "/read-all",
    { ...signedIn, schema: { tags, response: { 200: okResponse } } },
    async (request) => markActivityRead(ctx, { recipientId: me(request), group: null }),
  );
};
