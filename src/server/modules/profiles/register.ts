// The profiles area in the app (docs/profiles-and-media.md): its routes, and the check of a
// website's rel="me" link the outbox worker runs ("Verified links").
import type { AppModule } from "../../app-module";
import { profileRoutes } from "./routes";
import { verifyWebsite } from "./website-check";

export const profilesModule: AppModule = {
  async register(app, ctx) {
    await app.register(profileRoutes, { prefix: "/api/profiles", ctx });
  },
  outbox: (ctx) => ({ "links.verify": (payload) => verifyWebsite(ctx, payload) }),
};
