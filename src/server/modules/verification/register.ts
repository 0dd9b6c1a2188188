// The face verification area in the app (spec-2 §3, §7): its routes, and the removal of captures a
// deleted account or a new avatar leaves behind (the outbox's media.delete).
import type { AppModule } from "../../app-module";
import { removeCapture } from "./capture-store";
import { verificationRoutes } from "./routes";

export const verificationModule: AppModule = {
  async register(app, ctx) {
    await app.register(verificationRoutes, { prefix: "/api/verification", ctx });
  },
  outbox: (ctx) => ({
    "media.delete": async ({ urls }) => {
      for (const url of urls) await removeCapture(ctx.captures, url);
    },
  }),
};
