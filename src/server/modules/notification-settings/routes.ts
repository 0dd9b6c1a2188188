// GET and PATCH /api/account/notifications (docs/notifications.md "Kinds and channels"): the
// signed-in person's notification settings, read and changed from Settings.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  notificationSettings,
  notificationSettingsPatch,
} from "../../../domain/contracts/notification-settings";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import * as settings from "./settings";

const noStore = { "cache-control": "private, no-store" };

export const notificationSettingsRoutes: FastifyPluginAsyncZod<WithContext> = async (
  app,
  { ctx },
) => {
  const tags = ["notifications"];

  app.get(
    "/account/notifications",
    { ...signedIn, schema: { tags, response: { 200: notificationSettings } } },
    async (request, reply) => {
      reply.headers(noStore);
      return settings.notificationSettingsOf(ctx, { viewerId: me(request) });
    },
  );

  app.patch(
    "/account/notifications",
    {
      ...signedIn,
      schema: { tags, body: notificationSettingsPatch, response: { 200: notificationSettings } },
    },
    async (request) =>
      settings.updateNotificationSettings(ctx, { viewerId: me(request), patch: request.body }),
  );
};
