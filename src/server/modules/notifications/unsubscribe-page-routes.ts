// The page an unsubscribe link in our e-mails opens (docs/accounts.md "One-click unsubscribe"):
// GET /settings/unsubscribe/:token asks, with a button that POSTs; POST turns the switches off, from that
// button or from a mail client's one-click (RFC 8058, which needs no answer but its 2xx). A page,
// so outside /api; a bad link is a page saying so.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unsubscribeLabels } from "../../../domain/contracts/notification-settings";
import type { WithContext } from "../../context";
import { AppError } from "../../errors";
import { unsubscribePath } from "../../infra/unsubscribe-link";
import * as links from "./unsubscribe";
import { confirmPage, donePage, invalidPage } from "./unsubscribe-page";

export const unsubscribeTokenParams = z.object({ token: z.string().min(1).max(512) });

const noStore = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

/** RFC 8058: the one-click POST is a form; its only field says what it is, the token the rest. */
export function acceptOneClickForm(app: FastifyInstance) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

export const unsubscribePageRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const { siteName } = ctx.config;
  acceptOneClickForm(app);
  const schema = { hide: true, params: unsubscribeTokenParams };

  /** Answers `page()` with the link's person and kind, or the page saying the link is bad. */
  const answer = async (
    reply: FastifyReply,
    read: () => Promise<{ kind: keyof typeof unsubscribeLabels }>,
    page: (label: string) => string,
  ) => {
    reply.headers(noStore).type("text/html; charset=utf-8");
    try {
      const target = await read();
      return reply.send(page(unsubscribeLabels[target.kind]));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply.status(error.status).send(invalidPage({ siteName, message: error.message }));
    }
  };

  app.get("/settings/unsubscribe/:token", { schema }, async (request, reply) =>
    answer(
      reply,
      () => links.checkUnsubscribeLink(ctx, request.params),
      (label) => confirmPage({ siteName, label, action: unsubscribePath(request.params.token) }),
    ),
  );

  app.post("/settings/unsubscribe/:token", { schema }, async (request, reply) =>
    answer(
      reply,
      () => links.unsubscribe(ctx, request.params),
      (label) => donePage({ siteName, label }),
    ),
  );
};
