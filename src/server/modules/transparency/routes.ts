// /api/transparency (public) and /api/admin/transparency (moderators): docs/safety.md
// "Transparency report".
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  statementRequest,
  statementResponse,
  transparencyReport,
  transparencyYearParams,
  transparencyYears,
} from "../../../domain/contracts/transparency";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { requireModerator } from "../../policy/roles";
import { transparencyReport as reportOf, setStatement, transparencyYearsOf } from "./service";

const tags = ["transparency"];
/** The same for everyone; the figures are kept on the server, and the statement is read on
 * every answer, so a cache asks again each time. */
const PUBLIC = "public, no-cache";

export const transparencyRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/",
    { schema: { tags, response: { 200: transparencyYears } } },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC);
      return transparencyYearsOf(ctx, { now: new Date() });
    },
  );
  app.get(
    "/:year",
    { schema: { tags, params: transparencyYearParams, response: { 200: transparencyReport } } },
    async (request, reply) => {
      reply.header("cache-control", PUBLIC);
      return reportOf(ctx, { year: request.params.year, now: new Date() });
    },
  );
};

export const transparencyAdminRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  // Before any body is read: to everyone but moderators this route does not exist.
  app.addHook("onRequest", async (request) => {
    await requireModerator(ctx, me(request));
  });
  app.put(
    "/:year",
    {
      ...signedIn,
      schema: {
        tags: ["admin"],
        params: transparencyYearParams,
        body: statementRequest,
        response: { 200: statementResponse },
      },
    },
    async (request) =>
      setStatement(ctx, {
        moderatorId: me(request),
        year: request.params.year,
        statement: request.body.statement,
        now: new Date(),
      }),
  );
};
