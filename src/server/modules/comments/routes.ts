// /api/posts/:postId/comments, DELETE /api/comments/:commentId, /api/comments/:commentId/like.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okResponse } from "../../../domain/contracts/auth";
import { idempotencyKeyHeaders } from "../../../domain/contracts/idempotency";
import {
  commentBody,
  commentIdParams,
  commentResponse,
  commentsQuery,
  commentsResponse,
  likeResponse,
  postIdParams,
} from "../../../domain/contracts/posts";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { routeOnce } from "../../outbox/answered-once";
import {
  addComment,
  commentAsAuthorSees,
  commentsPage,
  deleteComment,
  toggleCommentLike,
} from "./service";

export const commentRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["comments"];

  app.get(
    "/posts/:postId/comments",
    {
      schema: {
        tags,
        params: postIdParams,
        querystring: commentsQuery,
        response: { 200: commentsResponse },
      },
    },
    async (request) =>
      commentsPage(ctx, {
        postId: request.params.postId,
        viewerId: request.viewerId,
        ...request.query,
      }),
  );

  app.post(
    "/posts/:postId/comments",
    {
      ...signedIn,
      schema: {
        tags,
        params: postIdParams,
        headers: idempotencyKeyHeaders,
        body: commentBody,
        response: { 201: commentResponse },
      },
    },
    async (request, reply) => {
      const input = { authorId: me(request), postId: request.params.postId, ...request.body };
      const comment = await routeOnce(
        ctx.db,
        { request, reply },
        { userId: input.authorId, useCase: "comments.add", input },
        () => addComment(ctx, input),
        (commentId: string) => commentAsAuthorSees(ctx, { commentId, authorId: input.authorId }),
      );
      return reply.status(201).send({ comment });
    },
  );

  app.delete(
    "/comments/:commentId",
    { ...signedIn, schema: { tags, params: commentIdParams, response: { 200: okResponse } } },
    async (request) =>
      deleteComment(ctx, { viewerId: me(request), commentId: request.params.commentId }),
  );

  app.post(
    "/comments/:commentId/like",
    { ...signedIn, schema: { tags, params: commentIdParams, response: { 200: likeResponse } } },
    async (request) =>
      toggleCommentLike(ctx.db, { viewerId: me(request), commentId: request.params.commentId }),
  );
};
