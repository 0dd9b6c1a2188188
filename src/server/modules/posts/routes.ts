// /api/posts/*, /api/feed, /api/users/:userId/posts — thin handlers over the posts service.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { okResponse } from "../../../domain/contracts/auth";
import { ERROR_CODES } from "../../../domain/contracts/errors";
import {
  createPostFields,
  editPostBody,
  likeResponse,
  pageQuery,
  postIdParams,
  postPage,
  postPathParams,
  postResponse,
  viewResponse,
} from "../../../domain/contracts/posts";
import { badRequest } from "../../errors";
import { readPostSubmission } from "../../http/upload";
import { visitorId } from "../../http/visitor";
import { type AuthDeps, optionalUserId, requireUserId, type WithHeaders } from "../auth/service";
import * as posts from "./service";

export const postRoutes: FastifyPluginAsyncZod<{
  auth: AuthDeps;
  posts: posts.PostDeps;
  secureCookies: boolean;
}> = async (app, { auth, posts: deps, secureCookies }) => {
  const tags = ["posts"];
  const viewer = (request: WithHeaders) => optionalUserId(auth, request);
  const signedIn = (request: WithHeaders) => requireUserId(auth, request);

  app.post(
    "/posts",
    {
      schema: {
        tags,
        consumes: ["multipart/form-data", "application/json"],
        response: { 201: postResponse },
      },
    },
    async (request, reply) => {
      const authorId = await signedIn(request);
      const submission = await readPostSubmission(request);
      const fields = createPostFields.safeParse(submission.fields);
      if (!fields.success) {
        const message = fields.error.issues[0]?.message ?? "Invalid post";
        throw badRequest(ERROR_CODES.validation, message, { content: [message] });
      }
      const post = await posts.createPost(deps, authorId, {
        content: fields.data.content,
        image: submission.image,
      });
      return reply.status(201).send({ post });
    },
  );

  app.get(
    "/feed",
    { schema: { tags, querystring: pageQuery, response: { 200: postPage } } },
    async (request) =>
      posts.feedPage(deps, await signedIn(request), request.query.limit, request.query.cursor),
  );

  app.get(
    "/users/:userId/posts",
    {
      schema: {
        tags,
        params: z.object({ userId: z.string().min(1).max(64) }),
        querystring: pageQuery,
        response: { 200: postPage },
      },
    },
    async (request) =>
      posts.userPostsPage(
        deps,
        request.params.userId,
        await viewer(request),
        request.query.limit,
        request.query.cursor,
      ),
  );

  app.get(
    "/posts/:postId",
    { schema: { tags, params: postIdParams, response: { 200: postResponse } } },
    async (request) => ({
      post: await posts.getPost(deps, request.params.postId, await viewer(request)),
    }),
  );

  app.get(
    "/posts/by-path/:handle/:slug",
    { schema: { tags, params: postPathParams, response: { 200: postResponse } } },
    async (request) => ({
      post: await posts.getPostByPath(
        deps,
        request.params.handle,
        request.params.slug,
        await viewer(request),
      ),
    }),
  );

  app.patch(
    "/posts/:postId",
    { schema: { tags, params: postIdParams, body: editPostBody, response: { 200: postResponse } } },
    async (request) => ({
      post: await posts.editPost(
        deps,
        await signedIn(request),
        request.params.postId,
        request.body.content,
      ),
    }),
  );

  app.delete(
    "/posts/:postId",
    { schema: { tags, params: postIdParams, response: { 200: okResponse } } },
    async (request) => posts.deletePost(deps, await signedIn(request), request.params.postId),
  );

  app.post(
    "/posts/:postId/like",
    { schema: { tags, params: postIdParams, response: { 200: likeResponse } } },
    async (request) => posts.togglePostLike(deps, await signedIn(request), request.params.postId),
  );

  app.post(
    "/posts/:postId/view",
    { schema: { tags, params: postIdParams, response: { 200: viewResponse } } },
    async (request, reply) => {
      const userId = await viewer(request);
      const key = userId ? `u:${userId}` : `v:${visitorId(request, reply, secureCookies)}`;
      return posts.viewPost(deps, request.params.postId, key);
    },
  );
};

/** spec-1 §2 /post/{postId}: redirect only; any failure sends the visitor to /. */
export const postRedirectRoute: FastifyPluginAsyncZod<{ reader: posts.PostReader }> = async (
  app,
  { reader },
) => {
  app.get("/post/:postId", { schema: { hide: true } }, async (request, reply) => {
    const { postId } = request.params as { postId: string };
    const parsed = postIdParams.safeParse({ postId });
    const post = parsed.success
      ? await posts.getPost(reader, parsed.data.postId, null).catch(() => null)
      : null;
    return reply.redirect(post ? post.path : "/", 302);
  });
};
