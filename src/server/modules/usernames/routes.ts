// /api/usernames/* (spec-2 §4, §7): availability for the Reserve Username dialog, checkout start
// (create-stripe-checkout), completion from the success page (handle-checkout-success), and the
// owner's name with its renewal (docs/usernames.md).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  availabilityResponse,
  checkoutRequest,
  checkoutResponse,
  completeCheckoutRequest,
  completeCheckoutResponse,
  mineResponse,
  portalResponse,
  usernameParams,
} from "../../../domain/contracts/usernames";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { WithContext } from "../../context";
import { AppError, conflict } from "../../errors";
import { me, signedIn } from "../../http/viewer";
import { requireOwnThing } from "../../policy/access";
import { completeCheckout, startCheckout } from "./checkout";
import { checkoutBySession } from "./queries";
import { checkUsername } from "./service";
import { billingPortal, ownedUsername, setRenewal } from "./subscription";

const tags = ["usernames"];

export const usernameRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/:name/availability",
    { schema: { tags, params: usernameParams, response: { 200: availabilityResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return checkUsername(ctx.db, {
        raw: request.params.name,
        viewerId: request.viewerId,
        now: new Date(),
      });
    },
  );

  app.post(
    "/checkout",
    { ...signedIn, schema: { tags, body: checkoutRequest, response: { 200: checkoutResponse } } },
    async (request) =>
      startCheckout(ctx, { userId: me(request), rawName: request.body.name, now: new Date() }),
  );

  app.post(
    "/checkout/complete",
    {
      ...signedIn,
      schema: { tags, body: completeCheckoutRequest, response: { 200: completeCheckoutResponse } },
    },
    async (request) => {
      const { sessionId } = request.body;
      const checkout = await checkoutBySession(ctx.db, sessionId);
      requireOwnThing({ viewerId: me(request), ownerId: checkout?.userId, thing: "checkout" });
      const outcome = await completeCheckout(ctx, { sessionId, now: new Date() });
      if (outcome.kind === "done") return { success: true as const, username: outcome.name };
      if (outcome.kind === "unpaid") {
        throw new AppError(402, ERROR_CODES.paymentRequired, "The payment is not complete.");
      }
      throw conflict(ERROR_CODES.conflict, "Failed to finalize username.");
    },
  );

  app.get(
    "/mine",
    { ...signedIn, schema: { tags, response: { 200: mineResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { username: await ownedUsername(ctx, me(request)) };
    },
  );

  for (const [path, renew] of [
    ["/mine/cancel-renewal", false],
    ["/mine/resume-renewal", true],
  ] as const) {
    app.post(
      path,
      { ...signedIn, schema: { tags, response: { 200: mineResponse } } },
      async (request) => ({
        username: await setRenewal(ctx, { userId: me(request), renew, now: new Date() }),
      }),
    );
  }

  app.post(
    "/mine/portal",
    { ...signedIn, schema: { tags, response: { 200: portalResponse } } },
    async (request) => ({ url: await billingPortal(ctx, me(request)) }),
  );
};
