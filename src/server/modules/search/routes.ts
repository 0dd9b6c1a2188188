// /api/search/* — the header's people search (spec-1 §2, §7).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { peopleSearchQuery, peopleSearchResponse } from "../../../domain/contracts/search";
import type { WithContext } from "../../context";
import { searchPeople } from "./people";

export const searchRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/people",
    {
      schema: {
        tags: ["search"],
        querystring: peopleSearchQuery,
        response: { 200: peopleSearchResponse },
      },
    },
    async (request) => ({
      items: await searchPeople(ctx.db, { viewerId: request.viewerId, query: request.query.q }),
    }),
  );
};
