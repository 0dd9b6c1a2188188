// /api/posts/:postId/repost (docs/feed.md "Reposts and quotes"): PUT reposts and DELETE takes the
// repost back, so a retried request changes nothing more; thin handlers over reposts.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { postIdParams, repostResponse } from "../../../domain/contracts/posts";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { repostPost, unrepostPost } from "./reposts";

export const repostRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const repost = {
    ...signedIn,
    schema: { tags: ["posts"], params: postIdParams, response: { 200: repostResponse } },
  };
  app.put("/posts/:postId/repost", repost, async (request) =>
    repostPost(ctx, { viewerId: me(request), postId: request.params.postId }),
  );
  app.delete("/posts/:postId/repost", repost, async (request) =>
    unrepostPost(ctx, { viewerId: me(request), postId: request.params.postId }),
  );
};
