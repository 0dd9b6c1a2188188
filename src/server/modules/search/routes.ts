// /api/search/* — the header's people search (spec-1 §2, §7) and the advanced search page's
// filtered search and newest profiles (spec-2 §2, §4, §7).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  peopleSearchQuery,
  peopleSearchResponse,
  recentProfilesResponse,
  searchQuery,
  searchResultsPage,
} from "../../../domain/contracts/search";
import { loadProfileLists } from "../../../domain/enums/profile-options";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { searchPeople } from "./people";
import { recentProfiles, searchPeopleByFilters } from "./service";

export const searchRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["search"];
  const query = searchQuery(await loadProfileLists());

  app.get(
    "/people",
    { schema: { tags, querystring: peopleSearchQuery, response: { 200: peopleSearchResponse } } },
    async (request) => ({
      items: await searchPeople(ctx.db, { viewerId: request.viewerId, query: request.query.q }),
    }),
  );

  app.get(
    "/profiles",
    { ...signedIn, schema: { tags, querystring: query, response: { 200: searchResultsPage } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-cache");
      const { cursor, limit, ...filters } = request.query;
      return searchPeopleByFilters(ctx, { viewerId: me(request), filters, limit, cursor });
    },
  );

  app.get(
    "/recent",
    { ...signedIn, schema: { tags, response: { 200: recentProfilesResponse } } },
    async (request, reply) => {
      // The cards show what this viewer may see (docs/profiles-and-media.md "Who sees what").
      reply.header("cache-control", "private, no-cache");
      return recentProfiles(ctx, me(request));
    },
  );
};
