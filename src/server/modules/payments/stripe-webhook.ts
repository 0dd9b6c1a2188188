// POST /api/payments/stripe/webhook (docs/usernames.md "Webhooks"): the signature is checked on
// the raw body with STRIPE_WEBHOOK_SECRET; the event is recorded and what follows from it written
// to the outbox as a `payments.event` for the purchase to apply (modules/usernames), which this
// module does not import. An event already recorded is acknowledged and skipped.

import type { FastifyPluginAsync } from "fastify";
import type Stripe from "stripe";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { PaymentEvent } from "../../outbox/messages";
import { recordPaymentEvent } from "./queries";

/** An invoice's news about its subscription; null for an invoice of no subscription. */
const ofSubscription = (
  kind: "subscription.changed" | "payment.failed",
  ref: string | { id: string } | null | undefined,
): PaymentEvent | null => {
  const subscriptionId = typeof ref === "string" ? ref : ref?.id;
  return subscriptionId ? { kind, subscriptionId } : null;
};

/** What a Stripe event says, in the product's terms; null for an event nothing follows from. */
function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return { kind: "checkout.paid", sessionId: event.data.object.id };
    case "checkout.session.expired":
      return { kind: "checkout.expired", sessionId: event.data.object.id };
    case "invoice.paid":
      return ofSubscription(
        "subscription.changed",
        event.data.object.parent?.subscription_details?.subscription,
      );
    case "invoice.payment_failed":
      return ofSubscription(
        "payment.failed",
        event.data.object.parent?.subscription_details?.subscription,
      );
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { kind: "subscription.changed", subscriptionId: event.data.object.id };
    default:
      return null;
  }
}

/** The SDK refuses stale signatures only; one dated ahead of our clock is refused here too. */
const TOLERANCE_SECONDS = 300;

export function signedRecently(signature: string, nowMs: number): boolean {
  const stamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  return Number.isFinite(stamp) && Math.abs(nowMs / 1000 - stamp) <= TOLERANCE_SECONDS;
}

export interface StripeWebhookOptions {
  ctx: AppContext;
  stripe: Stripe;
  secret: string;
}

export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookOptions> = async (
  app,
  { ctx, stripe, secret },
) => {
  // This plugin's own body parser: the signature covers the exact bytes Stripe sent.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.post("/webhook", { schema: { hide: true } }, async (request) => {
    const signature = request.headers["stripe-signature"];
    if (!Buffer.isBuffer(request.body) || typeof signature !== "string") {
      throw new AppError(400, ERROR_CODES.validation, "Missing webhook signature.");
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw new AppError(400, ERROR_CODES.validation, "Invalid webhook signature.");
    }
    if (!signedRecently(signature, Date.now())) {
      throw new AppError(400, ERROR_CODES.validation, "Webhook timestamp outside the tolerance.");
    }
    // The event's id and what follows from it commit together; the outbox applies it at once
    // and again until it succeeds, so a redelivery finds the id and changes nothing.
    await ctx.outbox.transaction(async (tx, fx) => {
      const fresh = await recordPaymentEvent(tx, { id: event.id, type: event.type });
      const news = paymentEventOf(event);
      if (fresh && news) fx.paymentEvent(news);
    });
    return { received: true };
  });
};
