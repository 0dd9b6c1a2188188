// GET /api/city-search?q= — the US city autocomplete (spec-2 §2, §7). Public, read-only data from
// an in-memory index; queries under 2 characters answer no items.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { citySearchQuery, citySearchResponse } from "../../../domain/contracts/cities";
import type { WithContext } from "../../context";

export const cityRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/city-search",
    {
      schema: {
        tags: ["cities"],
        querystring: citySearchQuery,
        response: { 200: citySearchResponse },
      },
    },
    async (request, reply) => {
      // The list changes only with a release: let browsers and proxies keep answers for an hour.
      reply.header("cache-control", "public, max-age=3600");
      return { items: ctx.cities.search(request.query.q) };
    },
  );
};
