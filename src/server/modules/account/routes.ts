// /api/account/* (docs/accounts.md) — thin handlers over the account settings use-cases.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordBody,
  changePasswordResponse,
  deleteAccountBody,
  deleteAccountResponse,
  deletionCodeResponse,
  deletionCodeStatus,
  endedResponse,
  sessionIdParams,
  sessionsResponse,
} from "../../../domain/contracts/account";
import type { WithContext } from "../../context";
import { clientIp, setCookies, webHeaders } from "../../http/request";
import { signedIn } from "../../http/viewer";
import * as deletion from "./deletion";
import * as account from "./service";

export const accountRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["account"];

  app.get(
    "/sessions",
    { ...signedIn, schema: { tags, response: { 200: sessionsResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return account.listSessions(ctx, { headers: webHeaders(request), now: new Date() });
    },
  );

  app.delete(
    "/sessions/:sessionId",
    { ...signedIn, schema: { tags, params: sessionIdParams, response: { 200: endedResponse } } },
    async (request) =>
      account.signOutSession(ctx, {
        headers: webHeaders(request),
        sessionId: request.params.sessionId,
      }),
  );

  app.post(
    "/sessions/sign-out-others",
    { ...signedIn, schema: { tags, response: { 200: endedResponse } } },
    async (request) => account.signOutOtherSessions(ctx, { headers: webHeaders(request) }),
  );

  app.post(
    "/password",
    {
      ...signedIn,
      schema: { tags, body: changePasswordBody, response: { 200: changePasswordResponse } },
    },
    async (request) =>
      account.changePassword(ctx, {
        ...request.body,
        headers: webHeaders(request),
        ip: clientIp(request),
      }),
  );

  app.get(
    "/deletion/code",
    { ...signedIn, schema: { tags, response: { 200: deletionCodeStatus } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return deletion.deletionCodeStatus(ctx, { headers: webHeaders(request), now: new Date() });
    },
  );

  app.post(
    "/deletion/code",
    { ...signedIn, schema: { tags, response: { 200: deletionCodeResponse } } },
    async (request) =>
      deletion.sendDeletionCode(ctx, { headers: webHeaders(request), now: new Date() }),
  );

  app.post(
    "/deletion",
    {
      ...signedIn,
      schema: { tags, body: deleteAccountBody, response: { 200: deleteAccountResponse } },
    },
    async (request, reply) => {
      const result = await deletion.deleteAccount(ctx, {
        headers: webHeaders(request),
        code: request.body.code,
        now: new Date(),
      });
      return setCookies(reply, result.setCookies).send({ deleted: true });
    },
  );
};
