// DELETE /api/posts/:postId/quote (docs/feed.md "Reposts and quotes"): the quoted post's author
// removes their post from the quote `postId`; a retried request changes nothing more. A thin
// handler over quotes.ts (a quote itself is made with POST /api/posts and `quoteOf`).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { detachQuoteResponse, postIdParams } from "../../../domain/contracts/posts";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { detachQuote } from "./quotes";

export const quoteRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.delete(
    "/posts/:postId/quote",
    {
      ...signedIn,
      schema: { tags: ["posts"], params: postIdParams, response: { 200: detachQuoteResponse } },
    },
    async (request) => detachQuote(ctx, { viewerId: me(request), quoteId: request.params.postId }),
  );
};
