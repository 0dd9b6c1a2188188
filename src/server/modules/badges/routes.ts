// /api/badges/* (the person's requests) and /api/admin/badge-requests/* (the moderators' queue and
// decisions) — docs/safety.md "Badges". Thin handlers.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  answerBody,
  badgeDecisionBody,
  badgeKindParam,
  badgeQueuePage,
  badgeQueueQuery,
  badgeRequestParams,
  orgEmailCodeBody,
  orgEmailCodeResponse,
  ownBadgeRequest,
  ownBadgeRequests,
  proofParams,
  queuedBadgeRequest,
  yellowRequestBody,
} from "../../../domain/contracts/badges";
import type { WithContext } from "../../context";
import { readUploadedDocument } from "../../http/upload";
import { me, signedIn } from "../../http/viewer";
import { requireModerator } from "../../policy/roles";
import { badgeQueue, decideBadgeRequest, readProofForReview } from "./review";
import {
  answerQuestion,
  confirmOrgEmail,
  listOwnRequests,
  PROOF_LIMIT,
  requestVeteran,
  requestYellow,
  resendOrgEmailCode,
} from "./service";

const tags = ["badges"];

export const badgeRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/requests",
    { ...signedIn, schema: { tags, response: { 200: ownBadgeRequests } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listOwnRequests(ctx, me(request));
    },
  );

  app.post(
    "/yellow",
    { ...signedIn, schema: { tags, body: yellowRequestBody, response: { 201: ownBadgeRequest } } },
    async (request, reply) => {
      const created = await requestYellow(ctx, {
        userId: me(request),
        ...request.body,
        now: new Date(),
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    "/yellow/org-email/code",
    { ...signedIn, schema: { tags, response: { 200: orgEmailCodeResponse } } },
    async (request) => resendOrgEmailCode(ctx, { userId: me(request), now: new Date() }),
  );

  app.post(
    "/yellow/org-email",
    { ...signedIn, schema: { tags, body: orgEmailCodeBody, response: { 200: ownBadgeRequest } } },
    async (request) =>
      confirmOrgEmail(ctx, { userId: me(request), code: request.body.code, now: new Date() }),
  );

  app.post(
    "/veteran",
    {
      ...signedIn,
      schema: { tags, consumes: ["multipart/form-data"], response: { 201: ownBadgeRequest } },
    },
    async (request, reply) => {
      const created = await ctx.uploads.run(me(request), async () => {
        const bytes = await readUploadedDocument(request, PROOF_LIMIT);
        return requestVeteran(ctx, { userId: me(request), bytes, now: new Date() });
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    "/:kind/answer",
    {
      ...signedIn,
      schema: {
        tags,
        params: badgeKindParam,
        body: answerBody,
        response: { 200: ownBadgeRequest },
      },
    },
    async (request) =>
      answerQuestion(ctx, {
        userId: me(request),
        kind: request.params.kind,
        ...request.body,
        now: new Date(),
      }),
  );

  // A veteran's document: moderators only; everyone else, its owner included, gets 404.
  app.get(
    "/proofs/:user/:file",
    { ...signedIn, schema: { tags, params: proofParams } },
    async (request, reply) => {
      await requireModerator(ctx, me(request));
      const proof = await readProofForReview(ctx, request.params);
      reply
        .type(proof.contentType)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline");
      // A PDF opened on its own runs no script and reaches nothing of the site.
      if (proof.contentType === "application/pdf") {
        reply.header("content-security-policy", "sandbox; default-src 'none'");
      }
      return reply.send(proof.bytes);
    },
  );
};

export const badgeReviewRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  // Before any body is read: to everyone but moderators these routes do not exist.
  app.addHook("onRequest", async (request) => {
    await requireModerator(ctx, me(request));
  });
  const admin = ["admin"];

  app.get(
    "/",
    {
      ...signedIn,
      schema: { tags: admin, querystring: badgeQueueQuery, response: { 200: badgeQueuePage } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return badgeQueue(ctx, request.query);
    },
  );

  app.post(
    "/:id/decision",
    {
      ...signedIn,
      schema: {
        tags: admin,
        params: badgeRequestParams,
        body: badgeDecisionBody,
        response: { 200: queuedBadgeRequest },
      },
    },
    async (request) =>
      decideBadgeRequest(ctx, {
        moderatorId: me(request),
        requestId: request.params.id,
        decision: request.body,
        now: new Date(),
      }),
  );
};
