// /api/usernames/* — availability for the Reserve Username dialog.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { availabilityResponse, usernameParams } from "../../../domain/contracts/usernames";
import type { WithContext } from "../../context";
import { checkUsername } from "./service";

export const usernameRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
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
      return checkUsername(ctx.db, request.params.name);
    },
  );
};
