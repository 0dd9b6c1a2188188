// The safety area in the app (docs/safety.md): block and mute, muted words, reports, account
// standing and appeals, and the moderators' tools.
import type { AppModule } from "../../app-module";
import { appealAdminRoutes, appealLinkRoutes, standingRoutes } from "./appeal-routes";
import { mutedWordRoutes } from "./muted-word-routes";
import { adminRoutes, reportRoutes, safetyRoutes } from "./routes";

export const safetyModule: AppModule = {
  async register(app, ctx) {
    await app.register(safetyRoutes, { prefix: "/api/safety", ctx });
    await app.register(mutedWordRoutes, { prefix: "/api/safety/muted-words", ctx });
    await app.register(standingRoutes, { prefix: "/api/safety", ctx });
    await app.register(appealLinkRoutes, { prefix: "/api/safety/appeal-links", ctx });
    await app.register(reportRoutes, { prefix: "/api/reports", ctx });
    await app.register(adminRoutes, { prefix: "/api/admin", ctx });
    await app.register(appealAdminRoutes, { prefix: "/api/admin/appeals", ctx });
  },
};
