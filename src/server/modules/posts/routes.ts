// /api/posts/*, /api/feed, /api/users/:userId/posts — thin handlers over the posts service.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { okResponse } from "../../../domain/contracts/auth";
import { idempotencyKeyHeaders } from "../../../domain/contracts/idempotency";
import {
  altsOf,
  createPostFields,
  editPostBody,
  likeResponse,
  pageQuery,
  postIdParams,
  postPage,
  postPathParams,
  postResponse,
  readingSettings,
  viewResponse,
} from "../../../domain/contracts/posts";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { WithContext } from "../../context";
import { badRequest } from "../../errors";
import { digestOf } from "../../http/idempotency";
import { readPostSubmission } from "../../http/upload";
import { me, signedIn } from "../../http/viewer";
import { visitorId } from "../../http/visitor";
import { routeOnce } from "../../outbox/answered-once";
import { readingSettingsOf, saveReadingSettings } from "./reading";
import * as posts from "./service";

type LikeState = Awaited<ReturnType<typeof posts.togglePostLike>>;

const imageFingerprint = ({ bytes, alt }: { bytes: Buffer; alt: string }) => ({
  sha256: digestOf(bytes),
  alt,
});

export const postRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["posts"];

  app.post(
    "/posts",
    {
      ...signedIn,
      schema: {
        tags,
        consumes: ["multipart/form-data", "application/json"],
        headers: idempotencyKeyHeaders,
        response: { 201: postResponse },
      },
    },
    async (request, reply) => {
      const authorId = me(request);
      const create = async () => {
        const submission = await readPostSubmission(request);
        const fields = createPostFields.safeParse(submission.fields);
        if (!fields.success) {
          const [issue] = fields.error.issues;
          const message = issue?.message ?? "Invalid post";
          const field = String(issue?.path[0] ?? "content");
          throw badRequest(ERROR_CODES.validation, message, { [field]: [message] });
        }
        const input = {
          content: fields.data.content,
          contentWarning: fields.data.contentWarning,
          imageSensitive: fields.data.imageSensitive,
          linkPreviewId: fields.data.linkPreviewId,
          quoteOf: fields.data.quoteOf,
          quoteNote: fields.data.quoteNote,
          replyPolicy: fields.data.replyPolicy,
          images: submission.images.map((bytes, n) => ({
            bytes,
            alt: altsOf(fields.data)[n] ?? "",
          })),
        };
        const asked = { ...input, images: input.images.map(imageFingerprint) };
        return routeOnce(
          ctx.db,
          { request, reply },
          { userId: authorId, useCase: "posts.create", input: asked },
          () => posts.createPost(ctx, { authorId, ...input }),
          (postId: string) => posts.getPost(ctx, { postId, viewerId: authorId }),
        );
      };
      // Only a multipart post can carry images, so only it takes an upload slot.
      const post = request.isMultipart() ? await ctx.uploads.run(authorId, create) : await create();
      return reply.status(201).send({ post });
    },
  );

  // How the signed-in person reads posts (docs/feed.md "Content warnings").
  app.get(
    "/reading-settings",
    { ...signedIn, schema: { tags, response: { 200: readingSettings } } },
    async (request) => readingSettingsOf(ctx, me(request)),
  );

  app.put(
    "/reading-settings",
    { ...signedIn, schema: { tags, body: readingSettings, response: { 200: readingSettings } } },
    async (request) => saveReadingSettings(ctx, { userId: me(request), settings: request.body }),
  );

  app.get(
    "/feed",
    { ...signedIn, schema: { tags, querystring: pageQuery, response: { 200: postPage } } },
    async (request) => posts.feedPage(ctx, { viewerId: me(request), ...request.query }),
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
      posts.userPostsPage(ctx, {
        userId: request.params.userId,
        viewerId: request.viewerId,
        ...request.query,
      }),
  );

  app.get(
    "/posts/:postId",
    { schema: { tags, params: postIdParams, response: { 200: postResponse } } },
    async (request) => ({
      post: await posts.getPost(ctx, { postId: request.params.postId, viewerId: request.viewerId }),
    }),
  );

  app.get(
    "/posts/by-path/:handle/:slug",
    { schema: { tags, params: postPathParams, response: { 200: postResponse } } },
    async (request) => ({
      post: await posts.getPostByPath(ctx, { ...request.params, viewerId: request.viewerId }),
    }),
  );

  app.patch(
    "/posts/:postId",
    {
      ...signedIn,
      schema: { tags, params: postIdParams, body: editPostBody, response: { 200: postResponse } },
    },
    async (request) => ({
      post: await posts.editPost(ctx, {
        viewerId: me(request),
        postId: request.params.postId,
        content: request.body.content,
        contentWarning: request.body.contentWarning,
        imageSensitive: request.body.imageSensitive,
      }),
    }),
  );

  app.delete(
    "/posts/:postId",
    { ...signedIn, schema: { tags, params: postIdParams, response: { 200: okResponse } } },
    async (request) =>
      posts.deletePost(ctx, { viewerId: me(request), postId: request.params.postId }),
  );

  app.post(
    "/posts/:postId/like",
    {
      ...signedIn,
      schema: {
        tags,
        params: postIdParams,
        headers: idempotencyKeyHeaders,
        response: { 200: likeResponse },
      },
    },
    async (request, reply) => {
      const action = { viewerId: me(request), postId: request.params.postId };
      return routeOnce(
        ctx.db,
        { request, reply },
        { userId: action.viewerId, useCase: "posts.like", input: action.postId },
        () => posts.togglePostLike(ctx, action),
        async (receipt: LikeState) => receipt,
      );
    },
  );

  app.post(
    "/posts/:postId/view",
    { schema: { tags, params: postIdParams, response: { 200: viewResponse } } },
    async (request, reply) => {
      const visitor = request.viewerId
        ? null
        : visitorId(request, reply, {
            secure: ctx.config.secureCookies,
            secret: ctx.config.sessionSecret,
          });
      const viewerKey = request.viewerId ? `u:${request.viewerId}` : visitor && `v:${visitor}`;
      return posts.viewPost(ctx, {
        postId: request.params.postId,
        viewerId: request.viewerId,
        viewerKey,
      });
    },
  );
};

/** spec-1 §2 /post/{postId}: redirect only; any failure sends the visitor to /. The post is read
 * for the signed-in viewer, so a block hides its path as it hides the post (docs/safety.md). */
export const postRedirectRoute: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get("/post/:postId", { schema: { hide: true } }, async (request, reply) => {
    const parsed = postIdParams.safeParse(request.params);
    const { viewerId } = request;
    const post = parsed.success
      ? await posts.getPost(ctx, { postId: parsed.data.postId, viewerId }).catch(() => null)
      : null;
    return reply.redirect(post ? post.path : "/", 302);
  });
};
