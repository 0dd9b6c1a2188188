// The follows area in the app (docs/social-and-realtime.md): its routes under /api/follows, and a
// private account's under /api/follow-requests and /api/account/privacy.
import type { AppModule } from "../../app-module";
import { followRequestRoutes } from "./request-routes";
import { followRoutes } from "./routes";

export const followsModule: AppModule = {
  async register(app, ctx) {
    await app.register(followRoutes, { prefix: "/api/follows", ctx });
    await app.register(followRequestRoutes, { prefix: "/api", ctx });
  },
};
