// POST /api/link-previews (docs/feed.md "Link previews"): the composer's ask for the card of the
// link it found in the text; 200 with the card, 204 when the page gives none.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkPreviewRequest, linkPreviewResponse } from "../../../domain/contracts/link-previews";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { linkPreviewOf } from "./link-previews";

export const linkPreviewRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.post(
    "/link-previews",
    {
      ...signedIn,
      schema: {
        tags: ["posts"],
        body: linkPreviewRequest,
        response: { 200: linkPreviewResponse, 204: z.null() },
      },
    },
    async (request, reply) => {
      const preview = await linkPreviewOf(ctx, { viewerId: me(request), url: request.body.url });
      return preview ? { preview } : reply.status(204).send(null);
    },
  );
};
