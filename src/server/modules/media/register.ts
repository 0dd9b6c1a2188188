// The media area in the app (docs/profiles-and-media.md): /media's files, and the removal of the
// images a deleted account leaves behind (the outbox's media.delete).
import type { AppModule } from "../../app-module";
import { mediaRoutes } from "./routes";
import { removeImage } from "./service";

export const mediaModule: AppModule = {
  async register(app, ctx) {
    await app.register(mediaRoutes, { store: ctx.store });
  },
  outbox: (ctx) => ({
    "media.delete": async ({ urls }) => {
      for (const url of urls) await removeImage(ctx.store, { url });
    },
  }),
};
