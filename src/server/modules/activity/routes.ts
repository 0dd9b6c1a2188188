// /api/activity/* — the menu badge's unread count (spec-1 §2; spec-2 §2 activity page comes later).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unreadCountResponse } from "../../../domain/contracts/activity";
import { webHeaders } from "../../http/request";
import { type AuthDeps, requireUserId } from "../auth/service";
import { countUnread } from "./queries";

export const activityRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.get(
    "/unread-count",
    { schema: { tags: ["activity"], response: { 200: unreadCountResponse } } },
    async (request) => {
      const userId = await requireUserId(deps, webHeaders(request));
      return { count: await countUnread(deps.db, userId) };
    },
  );
};
