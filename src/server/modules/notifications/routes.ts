// 'E-mails from us' (docs/accounts.md): GET and PATCH /api/account/email-preferences for Settings,
// and /api/unsubscribe/:token, the API of the links in our e-mails: GET says what a link stops
// (a browser opening a link mailed before goes to the page, unsubscribe-page-routes.ts), POST
// (what a mail client sends, RFC 8058, no cookie) turns the switches off.
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailPreferences,
  emailPreferencesPatch,
  unsubscribeKinds,
} from "../../../domain/contracts/email-preferences";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { unsubscribePath } from "../../infra/unsubscribe-link";
import * as preferences from "./preferences";
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

  app.get(
    "/account/email-preferences",
    { ...signedIn, schema: { tags, response: { 200: emailPreferences } } },
    async (request, reply) => {
      reply.headers(noStore);
      return preferences.emailPreferencesOf(ctx, { viewerId: me(request) });
    },
  );

  app.patch(
    "/account/email-preferences",
    {
      ...signedIn,
      schema: { tags, body: emailPreferencesPatch, response: { 200: emailPreferences } },
    },
    async (request) =>
      preferences.updateEmailPreferences(ctx, { viewerId: me(request), patch: request.body }),
  );

  // Links mailed before the page moved out of /api come here: a browser goes to the page.
  app.get(
    "/unsubscribe/:token",
    {
      schema: { tags, params: unsubscribeTokenParams, response: { 200: unsubscribeLinkResponse } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      if (wantsPage(request)) return reply.redirect(unsubscribePath(request.params.token), 302);
      const target = await preferences.checkUnsubscribeLink(ctx, request.params);
      return { kind: target.kind };
    },
  );

  app.post(
    "/unsubscribe/:token",
    { schema: { tags, params: unsubscribeTokenParams, response: { 200: unsubscribeResponse } } },
    async (request, reply) => {
      reply.headers(noStore);
      const target = await preferences.unsubscribe(ctx, request.params);
      return { unsubscribed: target.kind };
    },
  );
};
