// The follows area in the app (docs/social-and-realtime.md): its routes under /api/follows.
import type { AppModule } from "../../app-module";
import { followRoutes } from "./routes";

export const followsModule: AppModule = {
  async register(app, ctx) {
    await app.register(followRoutes, { prefix: "/api/follows", ctx });
  },
};
