// /api/profiles/* — public profiles by handle (spec-1 §2), own-profile writes.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { handleParams, profileResponse } from "../../../domain/contracts/profiles";
import { webHeaders } from "../../http/request";
import { type AuthDeps, optionalUserId } from "../auth/service";
import { getProfileByHandle } from "./service";

export const profileRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  const tags = ["profiles"];

  app.get(
    "/:handle",
    { schema: { tags, params: handleParams, response: { 200: profileResponse } } },
    async (request, reply) => {
      const viewerId = await optionalUserId(deps, webHeaders(request));
      const profile = await getProfileByHandle(deps.db, request.params.handle, viewerId);
      reply.header("cache-control", "private, no-cache");
      return { profile };
    },
  );
};
