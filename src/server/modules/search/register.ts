// The search area in the app (docs/search.md): its routes, and the engine that answers the
// advanced search ("Search engines"): the in-memory profile index, loaded before the app is ready
// and kept current from PostgreSQL ("Profile index"), or PostgreSQL itself.
import type { FastifyBaseLogger } from "fastify";
import type { AppModule } from "../../app-module";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { ProfileIndexFeed } from "./index/index-feed";
import { searchRoutes } from "./routes";
import { PostgresSearch } from "./sql/sql-engine";

/** The context's search engine, as SEARCH_ENGINE chooses; `start` readies it. */
export function searchIndexOf(
  config: Pick<Config, "searchEngine">,
  db: Db,
  log: FastifyBaseLogger,
): Pick<AppContext, "searchIndex"> {
  const onError = (error: unknown) => log.error({ err: error }, "search engine catch-up failed");
  return {
    searchIndex:
      config.searchEngine === "postgres"
        ? new PostgresSearch(db, { onError })
        : new ProfileIndexFeed(db, { onError }),
  };
}

export const searchModule: AppModule = {
  async register(app, ctx) {
    // Ready only once the engine is: the memory engine's index loaded (docs/search.md "Profile index").
    await ctx.searchIndex.start();
    app.addHook("onClose", async () => ctx.searchIndex.close());
    await app.register(searchRoutes, { prefix: "/api/search", ctx });
  },
};
