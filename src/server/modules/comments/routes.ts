// /api/posts/:postId/comments and /api/comments/:commentId/like.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  commentBody,
  commentIdParams,
  commentResponse,
  commentsResponse,
  likeResponse,
  postIdParams,
} from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import type { EventBus } from "../../realtime/bus";
import { type AuthDeps, optionalUserId, requireUserId } from "../auth/service";
import { addComment, commentThread, toggleCommentLike } from "./service";

export const commentRoutes: FastifyPluginAsyncZod<{
  auth: AuthDeps;
  db: Db;
  bus: EventBus;
}> = async (app, { auth, db, bus }) => {
  const tags = ["comments"];
  app.get(
    "/posts/:postId/comments",
    { schema: { tags, params: postIdParams, response: { 200: commentsResponse } } },
    async (request) => ({
      items: await commentThread(db, request.params.postId, await optionalUserId(auth, request)),
    }),
  );

  app.post(
    "/posts/:postId/comments",
    {
      schema: { tags, params: postIdParams, body: commentBody, response: { 201: commentResponse } },
    },
    async (request, reply) => {
      const authorId = await requireUserId(auth, request);
      const comment = await addComment({ db, bus }, authorId, request.params.postId, request.body);
      return reply.status(201).send({ comment });
    },
  );

  app.post(
    "/comments/:commentId/like",
    { schema: { tags, params: commentIdParams, response: { 200: likeResponse } } },
    async (request) =>
      toggleCommentLike(db, await requireUserId(auth, request), request.params.commentId),
  );
};
