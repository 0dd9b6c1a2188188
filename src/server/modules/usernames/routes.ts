// /api/usernames/* — availability for the Reserve Username dialog.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { availabilityResponse, usernameParams } from "../../../domain/contracts/usernames";
import type { Db } from "../../db/client";
import { checkUsername } from "./service";

export const usernameRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/:name/availability",
    {
      schema: {
        tags: ["usernames"],
        params: usernameParams,
        response: { 200: availabilityResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return checkUsername(db, request.params.name);
    },
  );
};
