// The city autocomplete in the app (spec-2 §2, §7): its route under /api.
import type { AppModule } from "../../app-module";
import { cityRoutes } from "./routes";

export const citiesModule: AppModule = {
  async register(app, ctx) {
    await app.register(cityRoutes, { prefix: "/api", ctx });
  },
};
