// Account standing and appeals (docs/safety.md "Account standing", "Appeals"): the signed-in
// person's actions and their appeal (answered once per Idempotency-Key), a suspension's appeal
// through its signed link, and the moderators' queue of appeals with its decisions
// (/api/admin/appeals: 404 to everyone else, before any body is read).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  actionIdParams,
  appealDecisionRequest,
  appealDecisionResponse,
  appealLinkParams,
  appealLinkResponse,
  appealParams,
  appealQueuePage,
  appealQueueQuery,
  appealRequest,
  appealResponse,
  standingActionsResponse,
} from "../../../domain/contracts/appeals";
import { idempotencyKeyHeaders } from "../../../domain/contracts/idempotency";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { routeOnce } from "../../outbox/answered-once";
import { requireModerator } from "../../policy/roles";
import { appealByLink, appealLinkAction, appealLinkTarget } from "./appeal-links";
import { appealAction, appealOf, decideAppeal, listAppeals } from "./appeals";
import { standingActions } from "./standing";

const tags = ["safety"];

export const standingRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/standing/actions",
    { ...signedIn, schema: { tags, response: { 200: standingActionsResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return standingActions(ctx.db, { userId: me(request), now: new Date() });
    },
  );

  app.post(
    "/actions/:actionId/appeal",
    {
      ...signedIn,
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        params: actionIdParams,
        body: appealRequest,
        response: { 201: appealResponse },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      const input = { actionId: request.params.actionId, text: request.body.text };
      const appeal = await routeOnce(
        ctx.db,
        { request, reply },
        { userId, useCase: "safety.appeal", input },
        async () =>
          appealOf(ctx.db, {
            userId,
            id: await appealAction(ctx, { userId, ...input, now: new Date() }),
          }),
        (id: string) => appealOf(ctx.db, { userId, id }),
      );
      return reply.status(201).send({ appeal });
    },
  );
};

/** A suspension's appeal link, without a session (docs/safety.md "Appealing a suspension"). */
export const appealLinkRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/:token",
    { schema: { tags, params: appealLinkParams, response: { 200: appealLinkResponse } } },
    async (request, reply) => {
      reply.headers({ "cache-control": "private, no-store", "x-robots-tag": "noindex" });
      return {
        action: await appealLinkAction(ctx, { token: request.params.token, now: new Date() }),
      };
    },
  );

  app.post(
    "/:token/appeal",
    {
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        params: appealLinkParams,
        body: appealRequest,
        response: { 201: appealResponse },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const { userId, actionId } = appealLinkTarget(ctx, token);
      const appeal = await routeOnce(
        ctx.db,
        { request, reply },
        { userId, useCase: "safety.appeal", input: { actionId, text: request.body.text } },
        async () =>
          appealOf(ctx.db, {
            userId,
            id: await appealByLink(ctx, { token, text: request.body.text, now: new Date() }),
          }),
        (id: string) => appealOf(ctx.db, { userId, id }),
      );
      return reply.status(201).send({ appeal });
    },
  );
};

export const appealAdminRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.addHook("onRequest", async (request) => {
    await requireModerator(ctx, me(request));
  });
  const admin = ["admin"];
  app.get(
    "/",
    {
      ...signedIn,
      schema: { tags: admin, querystring: appealQueueQuery, response: { 200: appealQueuePage } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listAppeals(ctx.db, request.query);
    },
  );
  app.post(
    "/:id/decision",
    {
      ...signedIn,
      schema: {
        tags: admin,
        params: appealParams,
        body: appealDecisionRequest,
        response: { 200: appealDecisionResponse },
      },
    },
    async (request) =>
      decideAppeal(ctx, { moderatorId: me(request), appealId: request.params.id, ...request.body }),
  );
};
