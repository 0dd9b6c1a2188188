// /api/safety/*, /api/reports and /api/admin/* (docs/safety.md).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  auditPage,
  grantModeratorRequest,
  listedPeoplePage,
  listQuery,
  moderationRequest,
  moderationResponse,
  noticeParams,
  relationResponse,
  reportQueuePage,
  reportQueueQuery,
  reportRequest,
  reportResponse,
  standingResponse,
  userIdParam,
} from "../../../domain/contracts/safety";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { relationOf } from "../../policy/blocks";
import { requireModerator } from "../../policy/roles";
import { auditLogPage, markNoticeSeen } from "../audit/record";
import { block, listRelations, setMute, unblock } from "./block-and-mute";
import { grantModerator, moderate, reportQueue } from "./moderation";
import { fileReport } from "./reports";
import { standingOf } from "./standing";

const tags = ["safety"];

export const safetyRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const pair = (request: { params: { userId: string } }, viewerId: string) => ({
    viewerId,
    targetUserId: request.params.userId,
  });
  const relation = {
    ...signedIn,
    schema: { tags, params: userIdParam, response: { 200: relationResponse } },
  };

  app.get("/relations/:userId", relation, async (request) =>
    relationOf(ctx.db, pair(request, me(request))),
  );
  app.post("/blocks/:userId", relation, async (request) => block(ctx, pair(request, me(request))));
  app.delete("/blocks/:userId", relation, async (request) =>
    unblock(ctx, pair(request, me(request))),
  );
  app.post("/mutes/:userId", relation, async (request) =>
    setMute(ctx, { ...pair(request, me(request)), muted: true }),
  );
  app.delete("/mutes/:userId", relation, async (request) =>
    setMute(ctx, { ...pair(request, me(request)), muted: false }),
  );
  for (const kind of ["blocks", "mutes"] as const) {
    app.get(
      `/${kind}`,
      {
        ...signedIn,
        schema: { tags, querystring: listQuery, response: { 200: listedPeoplePage } },
      },
      async (request) => listRelations(ctx.db, { viewerId: me(request), kind, ...request.query }),
    );
  }

  app.get(
    "/standing",
    { ...signedIn, schema: { tags, response: { 200: standingResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return standingOf(ctx, me(request));
    },
  );
  app.post(
    "/notices/:id/seen",
    { ...signedIn, schema: { tags, params: noticeParams } },
    async (request, reply) => {
      await markNoticeSeen(ctx.db, { userId: me(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};

export const reportRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.post(
    "/",
    { ...signedIn, schema: { tags, body: reportRequest, response: { 201: reportResponse } } },
    async (request, reply) => {
      const result = await fileReport(ctx, { reporterId: me(request), ...request.body });
      return reply.status(201).send(result);
    },
  );
};

export const adminRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  // Before any body is read: to everyone but moderators these routes do not exist.
  app.addHook("onRequest", async (request) => {
    await requireModerator(ctx, me(request));
  });
  const admin = ["admin"];
  app.get(
    "/reports",
    {
      ...signedIn,
      schema: { tags: admin, querystring: reportQueueQuery, response: { 200: reportQueuePage } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return reportQueue(ctx, request.query);
    },
  );
  app.post(
    "/actions",
    {
      ...signedIn,
      schema: { tags: admin, body: moderationRequest, response: { 200: moderationResponse } },
    },
    async (request) => {
      await moderate(ctx, { moderatorId: me(request), ...request.body });
      return { ok: true as const };
    },
  );
  app.get(
    "/audit",
    { ...signedIn, schema: { tags: admin, querystring: listQuery, response: { 200: auditPage } } },
    async (request) => auditLogPage(ctx.db, request.query),
  );
  app.post(
    "/moderators",
    {
      ...signedIn,
      schema: { tags: admin, body: grantModeratorRequest, response: { 200: moderationResponse } },
    },
    async (request) => {
      await grantModerator(ctx, { adminId: me(request), email: request.body.email });
      return { ok: true as const };
    },
  );
};
