// The search area in the app (docs/search.md): its routes, and the in-memory profile index, loaded
// before the app is ready and kept current from PostgreSQL ("Profile index").
import type { FastifyBaseLogger } from "fastify";
import type { AppModule } from "../../app-module";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { ProfileIndexFeed } from "./index/index-feed";
import { searchRoutes } from "./routes";

/** The context's search index; `start` loads it. */
export function searchIndexOf(db: Db, log: FastifyBaseLogger): Pick<AppContext, "searchIndex"> {
  return {
    searchIndex: new ProfileIndexFeed(db, {
      onError: (error) => log.error({ err: error }, "search index catch-up failed"),
    }),
  };
}

export const searchModule: AppModule = {
  async register(app, ctx) {
    // Ready only once the index is loaded (docs/search.md "Profile index").
    await ctx.searchIndex.start();
    app.addHook("onClose", async () => ctx.searchIndex.close());
    await app.register(searchRoutes, { prefix: "/api/search", ctx });
  },
};
