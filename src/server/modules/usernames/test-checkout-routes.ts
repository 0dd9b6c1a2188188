// /api/payments/test/checkouts/* — the built-in test checkout (docs/usernames.md "Test mode"),
// served only when no STRIPE_SECRET_KEY is set. The page is the test provider's (payments/
// test-provider.ts records its answer); it shows and ends the product's own checkout, so it lives
// with the purchase. Pay writes the same `payments.event` as Stripe's webhook.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  redirectResponse,
  testCheckoutParams,
  testCheckoutResponse,
  testPayRequest,
} from "../../../domain/contracts/usernames";
import { ERROR_CODES } from "../../../domain/error-codes";
import { priceTier } from "../../../domain/price-tiers";
import type { WithContext } from "../../context";
import { AppError } from "../../errors";
import { me, signedIn } from "../../http/viewer";
import { missing, requireOwnThing } from "../../policy/access";
import { answerTestSession } from "../payments/test-provider";
import { sessionProfileOf } from "../profiles/rows";
import { checkoutBySession, setCheckoutStatus } from "./queries";

const tags = ["payments"];
const DECLINED = "Your card was declined.";

export const testCheckoutRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  /** The viewer's own checkout, with the edit-profile address the buyer returns to. */
  async function ownCheckout(viewerId: string, sessionId: string) {
    const checkout = await checkoutBySession(ctx.db, sessionId);
    requireOwnThing({ viewerId, ownerId: checkout?.userId, thing: "checkout" });
    if (checkout?.provider !== "test") throw missing("checkout");
    const person = await sessionProfileOf(ctx.db, viewerId);
    const handle = person?.username ?? person?.defaultUsername ?? "";
    return { checkout, editProfile: `${ctx.config.publicUrl}/${handle}/edit-profile` };
  }

  app.get(
    "/checkouts/:id",
    {
      ...signedIn,
      schema: { tags, params: testCheckoutParams, response: { 200: testCheckoutResponse } },
    },
    async (request) => {
      const { checkout, editProfile } = await ownCheckout(me(request), request.params.id);
      const tier = priceTier(checkout.name);
      return {
        id: request.params.id,
        name: checkout.name,
        tierLabel: tier?.label ?? "",
        yearlyUsd: tier?.yearlyUsd ?? 0,
        status: testCheckoutResponse.shape.status.parse(checkout.status),
        cancelUrl: `${editProfile}?canceled=true`,
      };
    },
  );

  app.post(
    "/checkouts/:id/pay",
    {
      ...signedIn,
      schema: {
        tags,
        params: testCheckoutParams,
        body: testPayRequest,
        response: { 200: redirectResponse },
      },
    },
    async (request) => {
      const sessionId = request.params.id;
      const { checkout, editProfile } = await ownCheckout(me(request), sessionId);
      if (checkout.status !== "open") {
        throw new AppError(409, ERROR_CODES.conflict, "This checkout is no longer open.");
      }
      const { outcome } = request.body;
      // The payment and the order to finish it commit together, as Stripe's webhook would follow
      // a payment: the server completes the purchase even if this request never returns.
      await ctx.outbox.transaction(async (tx, fx) => {
        await answerTestSession(tx, sessionId, outcome, new Date());
        if (outcome === "declined") await setCheckoutStatus(tx, checkout.id, "failed");
        else fx.paymentEvent({ kind: "checkout.paid", sessionId });
      });
      if (outcome === "declined") {
        return {
          redirectUrl: `${editProfile}?redirect_status=failed&error=${encodeURIComponent(DECLINED)}`,
        };
      }
      return { redirectUrl: `${ctx.config.publicUrl}/checkout-success/${sessionId}` };
    },
  );

  app.post(
    "/checkouts/:id/cancel",
    {
      ...signedIn,
      schema: { tags, params: testCheckoutParams, response: { 200: redirectResponse } },
    },
    async (request) => {
      const sessionId = request.params.id;
      const { checkout, editProfile } = await ownCheckout(me(request), sessionId);
      if (checkout.status === "open") await setCheckoutStatus(ctx.db, checkout.id, "canceled");
      // Only a checkout that ended by this cancel (or an earlier one) returns as cancelled.
      if (checkout.status === "complete") {
        return { redirectUrl: `${ctx.config.publicUrl}/checkout-success/${sessionId}` };
      }
      const canceled = checkout.status === "open" || checkout.status === "canceled";
      return { redirectUrl: canceled ? `${editProfile}?canceled=true` : editProfile };
    },
  );
};
