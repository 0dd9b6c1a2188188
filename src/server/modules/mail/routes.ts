// /api/mail/* — thin handlers over the mail use-cases (spec-1 §7 mail calls, send-email).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okResponse } from "../../../domain/contracts/auth";
import { idempotencyKeyHeaders } from "../../../domain/contracts/idempotency";
import {
  directThreadBody,
  externalMailBody,
  mailSettings,
  messageRequestsCount,
  messageRequestsPage,
  messageResponse,
  messagesPage,
  messagesQuery,
  recipientQuery,
  recipientResponse,
  sendMessageBody,
  sentExternalResponse,
  threadParams,
  threadResponse,
  threadsPage,
  threadsQuery,
  unreadMailResponse,
} from "../../../domain/contracts/mail";
import type { WithContext } from "../../context";
import { REPLAYED_HEADER } from "../../http/idempotency";
import { me, signedIn } from "../../http/viewer";
import * as requests from "./requests";
import * as mail from "./service";
import { mailSettingsOf, saveMailSettings } from "./settings";

export const mailRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["mail"];
  const noStore = { "cache-control": "no-store" };

  app.get(
    "/threads",
    { ...signedIn, schema: { tags, querystring: threadsQuery, response: { 200: threadsPage } } },
    async (request, reply) => {
      reply.headers(noStore);
      return mail.threadsPage(ctx, { viewerId: me(request), ...request.query });
    },
  );

  app.post(
    "/threads/direct",
    { ...signedIn, schema: { tags, body: directThreadBody, response: { 200: threadResponse } } },
    async (request) => ({
      thread: await mail.openDirectThread(ctx, {
        viewerId: me(request),
        userId: request.body.userId,
      }),
    }),
  );

  app.get(
    "/threads/:threadId",
    { ...signedIn, schema: { tags, params: threadParams, response: { 200: threadResponse } } },
    async (request) => ({
      thread: await mail.getThread(ctx, { viewerId: me(request), ...request.params }),
    }),
  );

  app.get(
    "/threads/:threadId/messages",
    {
      ...signedIn,
      schema: {
        tags,
        params: threadParams,
        querystring: messagesQuery,
        response: { 200: messagesPage },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return mail.messagesPage(ctx, {
        viewerId: me(request),
        ...request.params,
        ...request.query,
      });
    },
  );

  app.post(
    "/threads/:threadId/messages",
    {
      ...signedIn,
      schema: {
        tags,
        params: threadParams,
        headers: idempotencyKeyHeaders,
        body: sendMessageBody,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      const { message, replayed } = await mail.replyInThread(ctx, {
        viewerId: me(request),
        ...request.params,
        ...request.body,
        idempotencyKey: request.headers["idempotency-key"],
      });
      if (replayed) reply.header(REPLAYED_HEADER, "true");
      return reply.status(201).send({ message });
    },
  );

  app.post(
    "/threads/:threadId/read",
    { ...signedIn, schema: { tags, params: threadParams, response: { 200: okResponse } } },
    async (request) => mail.readThread(ctx, { viewerId: me(request), ...request.params }),
  );

  app.post(
    "/send",
    {
      ...signedIn,
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        body: externalMailBody,
        response: { 201: sentExternalResponse },
      },
    },
    async (request, reply) => {
      const { sent, replayed } = await mail.sendToAddress(ctx, {
        viewerId: me(request),
        ...request.body,
        idempotencyKey: request.headers["idempotency-key"],
      });
      // Stripe's header: this answer is the kept one (docs/mail.md "Sending once").
      if (replayed) reply.header(REPLAYED_HEADER, "true");
      return reply.status(201).send(sent);
    },
  );

  // 'Who can message me' (docs/mail.md "Who can be written to").
  app.get(
    "/settings",
    { ...signedIn, schema: { tags, response: { 200: mailSettings } } },
    async (request) => mailSettingsOf(ctx, me(request)),
  );

  app.put(
    "/settings",
    { ...signedIn, schema: { tags, body: mailSettings, response: { 200: mailSettings } } },
    async (request) => saveMailSettings(ctx, { userId: me(request), settings: request.body }),
  );

  // docs/mail.md "Message requests".
  app.get(
    "/requests",
    {
      ...signedIn,
      schema: { tags, querystring: threadsQuery, response: { 200: messageRequestsPage } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return requests.messageRequestsPage(ctx, { viewerId: me(request), ...request.query });
    },
  );

  app.get(
    "/requests/count",
    { ...signedIn, schema: { tags, response: { 200: messageRequestsCount } } },
    async (request, reply) => {
      reply.headers(noStore);
      return { count: await requests.messageRequestCount(ctx.db, me(request)) };
    },
  );

  app.post(
    "/threads/:threadId/dismiss",
    { ...signedIn, schema: { tags, params: threadParams, response: { 200: okResponse } } },
    async (request) =>
      requests.dismissMessageRequest(ctx, { viewerId: me(request), ...request.params }),
  );

  // The composer asks before anyone types (docs/mail.md "Who can be written to").
  app.get(
    "/recipient",
    {
      ...signedIn,
      schema: { tags, querystring: recipientQuery, response: { 200: recipientResponse } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return {
        refusal: await mail.refusalOfAddress(ctx, { viewerId: me(request), to: request.query.to }),
      };
    },
  );

  app.get(
    "/unread-count",
    { ...signedIn, schema: { tags, response: { 200: unreadMailResponse } } },
    async (request, reply) => {
      reply.headers(noStore);
      return { count: await mail.unreadThreadCount(ctx.db, me(request)) };
    },
  );
};
