// /api/search/* — the header's people search (spec-1 §2, §7).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { peopleSearchQuery, peopleSearchResponse } from "../../../domain/contracts/search";
import { type AuthDeps, optionalUserId } from "../auth/service";
import { searchPeople } from "./people";

export const searchRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.get(
    "/people",
    {
      schema: {
        tags: ["search"],
        querystring: peopleSearchQuery,
        response: { 200: peopleSearchResponse },
      },
    },
    async (request) => {
      const viewerId = await optionalUserId(deps, request);
      return { items: await searchPeople(deps.db, viewerId, request.query.q) };
    },
  );
};
