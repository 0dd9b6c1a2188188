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
import type { AppContext, WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { type OnceRoute, routeOnce } from "../../outbox/answered-once";
import { requireModerator } from "../../policy/roles";
import { appealLinkAction, appealLinkTarget } from "./appeal-links";
import { appealAction, appealOf, decideAppeal, listAppeals } from "./appeals";
import { standingActions } from "./standing";

const tags = ["safety"];

/** Files the person's appeal of one action and answers it, once per Idempotency-Key: the
 * signed-in route's and a suspension's link's alike. */
async function appealOnce(
  ctx: AppContext,
  route: OnceRoute,
  input: { userId: string; actionId: string; text: string },
) {
  const { userId, actionId, text } = input;
  const appeal = await routeOnce(
    ctx.db,
    route,
    { userId, useCase: "safety.appeal", input: { actionId, text } },
    async () =>
      appealOf(ctx.db, {
        userId,
        id: await appealAction(ctx, { userId, actionId, text, now: new Date() }),
      }),
    (id: string) => appealOf(ctx.db, { userId, id }),
  );
  return { appeal };
}

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
    async (request, reply) =>
      reply.status(201).send(
        await appealOnce(
          ctx,
          { request, reply },
          {
            userId: me(request),
            actionId: request.params.actionId,
            text: request.body.text,
          },
        ),
      ),
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
    async (request, reply) =>
      reply.status(201).send(
        await appealOnce(
          ctx,
          { request, reply },
          {
            ...appealLinkTarget(ctx, request.params.token),
            text: request.body.text,
          },
        ),
      ),
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
