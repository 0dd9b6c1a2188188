// /api/activity/* — the grouped Activity page, marking read, and the menu badge's unread count.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  activityResponse,
  markGroupReadBody,
  unreadCountResponse,
} from "../../../domain/contracts/activity";
import { okResponse } from "../../../domain/contracts/auth";
import { type AuthDeps, requireUserId, type WithHeaders } from "../auth/service";
import { countUnread, markRead } from "./queries";
import { listActivity } from "./service";

export const activityRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  const tags = ["activity"];
  const me = (request: WithHeaders) => requireUserId(deps, request);

  app.get("/", { schema: { tags, response: { 200: activityResponse } } }, async (request) => ({
    groups: await listActivity(deps.db, await me(request)),
  }));

  app.get(
    "/unread-count",
    { schema: { tags, response: { 200: unreadCountResponse } } },
    async (request) => ({
      count: await countUnread(deps.db, await me(request)),
    }),
  );

  app.post(
    "/read",
    { schema: { tags, body: markGroupReadBody, response: { 200: okResponse } } },
    async (request) => {
      await markRead(deps.db, await me(request), request.body);
      return { ok: true as const };
    },
  );

  app.post("/read-all", { schema: { tags, response: { 200: okResponse } } }, async (request) => {
    await markRead(deps.db, await me(request), null);
    return { ok: true as const };
  });
};
