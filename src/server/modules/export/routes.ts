// /api/account/export (docs/accounts.md "Your data") — thin handlers over the export use-cases.
// The download answers 404, not 401, to a visitor: an export's existence is its owner's business.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportIdParams, exportStateResponse } from "../../../domain/contracts/export";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import * as exports from "./service";

export const exportRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["account"];

  app.get(
    "/",
    { ...signedIn, schema: { tags, response: { 200: exportStateResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return exports.exportState(ctx, { viewerId: me(request), now: new Date() });
    },
  );

  app.post(
    "/",
    { ...signedIn, schema: { tags, response: { 202: exportStateResponse } } },
    async (request, reply) => {
      const state = await exports.requestExport(ctx, { viewerId: me(request), now: new Date() });
      return reply.status(202).send(state);
    },
  );

  app.get(
    "/:exportId/download",
    { schema: { tags, params: exportIdParams } },
    async (request, reply) => {
      const download = await exports.openDownload(ctx, {
        viewerId: request.viewerId,
        exportId: request.params.exportId,
        now: new Date(),
      });
      return reply
        .type("application/zip")
        .header("content-length", download.size)
        .header("content-disposition", `attachment; filename="${download.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(download.body);
    },
  );
};
