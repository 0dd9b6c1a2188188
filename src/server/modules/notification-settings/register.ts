// The notification settings in the app (docs/notifications.md "Kinds and channels"): their routes
// under /api/account/notifications.
import type { AppModule } from "../../app-module";
import { notificationSettingsRoutes } from "./routes";

export const notificationSettingsModule: AppModule = {
  async register(app, ctx) {
    await app.register(notificationSettingsRoutes, { prefix: "/api", ctx });
  },
};
