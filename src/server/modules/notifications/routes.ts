// 'E-mails from us' (docs/accounts.md): GET and PATCH /api/account/email-preferences for Settings,
// and /api/unsubscribe/:token for the links in our e-mails: POST (what a mail client sends, RFC
// 8058, no cookie) turns the switches off; GET shows the question with a button that POSTs.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailPreferences,
  emailPreferencesPatch,
  unsubscribeKinds,
  unsubscribeLabels,
} from "../../../domain/contracts/email-preferences";
import type { WithContext } from "../../context";
import { AppError } from "../../errors";
import { me, signedIn } from "../../http/viewer";
import * as preferences from "./preferences";
import { confirmPage, donePage, invalidPage } from "./unsubscribe-page";

const tokenParams = z.object({ token: z.string().min(1).max(512) });
/** JSON for a mail client; the page (HTML) for a browser. */
const unsubscribeResponse = z.union([
  z.object({ unsubscribed: z.enum(unsubscribeKinds) }),
  z.string(),
]);

const noStore = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

/** A browser (its form, or the link opened) gets a page; a mail client gets JSON. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? "").includes("text/html");

export const notificationRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["notifications"];
  const { siteName } = ctx.config;
  // RFC 8058: the one-click POST is a form; its only field says what it is, the token says the rest.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

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

  const refusedPage = (error: unknown, reply: FastifyReply) => {
    if (!(error instanceof AppError)) throw error;
    return reply
      .status(error.status)
      .type("text/html; charset=utf-8")
      .send(invalidPage({ siteName, message: error.message }));
  };

  app.get(
    "/unsubscribe/:token",
    { schema: { tags, params: tokenParams } },
    async (request, reply) => {
      reply.headers(noStore);
      try {
        const target = await preferences.checkUnsubscribeLink(ctx, request.params);
        // With the app's no-referrer policy a form POST says `Origin: null`, which the origin
        // check refuses (http/origin-check.ts); to ourselves this page names its origin.
        reply.header("referrer-policy", "same-origin");
        return reply.type("text/html; charset=utf-8").send(
          confirmPage({
            siteName,
            label: unsubscribeLabels[target.kind],
            action: `/api/unsubscribe/${request.params.token}`,
          }),
        );
      } catch (error) {
        return refusedPage(error, reply);
      }
    },
  );

  app.post(
    "/unsubscribe/:token",
    { schema: { tags, params: tokenParams, response: { 200: unsubscribeResponse } } },
    async (request, reply) => {
      reply.headers(noStore);
      if (!wantsPage(request)) {
        const target = await preferences.unsubscribe(ctx, request.params);
        return { unsubscribed: target.kind };
      }
      try {
        const target = await preferences.unsubscribe(ctx, request.params);
        return reply
          .type("text/html; charset=utf-8")
          .send(donePage({ siteName, label: unsubscribeLabels[target.kind] }));
      } catch (error) {
        return refusedPage(error, reply);
      }
    },
  );
};
