// /api/unsubscribe/:token, the API of the links in our e-mails: GET says what a link stops
// (a browser opening a link mailed before goes to the page, unsubscribe-page-routes.ts), POST
// (what a mail client sends, RFC 8058, no cookie) turns the switches off.
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unsubscribeKinds } from "../../../domain/contracts/notification-settings";
import type { WithContext } from "../../context";
import { unsubscribePath } from "../../infra/unsubscribe-link";
import * as links from "./unsubscribe";
import { acceptOneClickForm, unsubscribeTokenParams } from "./unsubscribe-page-routes";

/** What a link stops, read without stopping it. */
const unsubscribeLinkResponse = z.object({ kind: z.enum(unsubscribeKinds) });
const unsubscribeResponse = z.object({ unsubscribed: z.enum(unsubscribeKinds) });

const noStore = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

/** A browser opening a link; a mail client's POST and an API client ask for no page. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? "").includes("text/html");

export const notificationRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["notifications"];
  acceptOneClickForm(app);

  // Links mailed before the page moved out of /api come here: a browser goes to the page.
  app.get(
    "/unsubscribe/:token",
    {
      schema: { tags, params: unsubscribeTokenParams, response: { 200: unsubscribeLinkResponse } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      if (wantsPage(request)) return reply.redirect(unsubscribePath(request.params.token), 302);
      const target = await links.checkUnsubscribeLink(ctx, request.params);
      return { kind: target.kind };
    },
  );

  app.post(
    "/unsubscribe/:token",
    { schema: { tags, params: unsubscribeTokenParams, response: { 200: unsubscribeResponse } } },
    async (request, reply) => {
      reply.headers(noStore);
      const target = await links.unsubscribe(ctx, request.params);
      return { unsubscribed: target.kind };
    },
  );
};
