// The comments area in the app (docs/feed.md): its routes under /api.
import type { AppModule } from "../../app-module";
import { commentRoutes } from "./routes";

export const commentsModule: AppModule = {
  async register(app, ctx) {
    await app.register(commentRoutes, { prefix: "/api", ctx });
  },
};
