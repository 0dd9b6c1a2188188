// The transparency report in the app (docs/safety.md "Transparency report"): the public figures
// and the moderators' statement.
import type { AppModule } from "../../app-module";
import { transparencyAdminRoutes, transparencyRoutes } from "./routes";

export const transparencyModule: AppModule = {
  async register(app, ctx) {
    await app.register(transparencyRoutes, { prefix: "/api/transparency", ctx });
    await app.register(transparencyAdminRoutes, { prefix: "/api/admin/transparency", ctx });
  },
};
