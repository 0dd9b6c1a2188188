// /api/posts/:postId/comments, DELETE /api/comments/:commentId, /api/comments/:commentId/like.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okResponse } from "../../../domain/contracts/auth";
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
import { addComment, commentsPage, deleteComment, toggleCommentLike } from "./service";

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
      schema: { tags, params: postIdParams, body: commentBody, response: { 201: commentResponse } },
    },
    async (request, reply) => {
      const comment = await addComment(ctx, {
        authorId: me(request),
        postId: request.params.postId,
        ...request.body,
      });
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
