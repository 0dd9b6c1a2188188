// The activity area in the app (docs/feed.md): its routes under /api/activity.
import type { AppModule } from "../../app-module";
import { activityRoutes } from "./routes";

export const activityModule: AppModule = {
  async register(app, ctx) {
    await app.register(activityRoutes, { prefix: "/api/activity", ctx });
  },
};
