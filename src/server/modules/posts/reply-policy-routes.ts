// PUT /api/posts/:postId/reply-policy: the author changes who may comment (docs/safety.md "Who can
// reply and write").
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { postIdParams, postResponse, replyPolicyBody } from "../../../domain/contracts/posts";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { setReplyPolicy } from "./reply-policy";

export const replyPolicyRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.put(
    "/posts/:postId/reply-policy",
    {
      ...signedIn,
      schema: {
        tags: ["posts"],
        params: postIdParams,
        body: replyPolicyBody,
        response: { 200: postResponse },
      },
    },
    async (request) => ({
      post: await setReplyPolicy(ctx, {
        viewerId: me(request),
        postId: request.params.postId,
        replyPolicy: request.body.replyPolicy,
      }),
    }),
  );
};
