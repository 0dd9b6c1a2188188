// POST /api/payments/stripe/webhook (docs/usernames.md "Webhooks"): the signature is checked on
// the raw body with STRIPE_WEBHOOK_SECRET; an event already applied is acknowledged and skipped.
// Each event re-reads the provider's current state, so order and redelivery do not matter.

import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type Stripe from "stripe";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { AppContext } from "../../context";
import { paymentEvents } from "../../db/schema/usernames";
import { AppError } from "../../errors";
import { completeCheckout, type UsernameDeps } from "../usernames/checkout";
import {
  checkoutBySession,
  setCheckoutStatus,
  subscriptionByProviderId,
} from "../usernames/queries";
import {
  applyProviderSubscription,
  noticePaymentFailed,
  startGrace,
} from "../usernames/subscription";

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

async function syncSubscription(deps: UsernameDeps, subscriptionId: string | null, now: Date) {
  if (!subscriptionId) return;
  const remote = await deps.payments.retrieveSubscription(subscriptionId);
  if (remote) {
    await applyProviderSubscription(deps, remote, now);
    return;
  }
  // Gone at the provider: the subscription has ended.
  await deps.outbox.transaction(async (db, fx) => {
    const row = await subscriptionByProviderId(db, subscriptionId);
    if (row) await startGrace({ db, fx, config: deps.config }, row, now);
  });
}

async function applyEvent(deps: UsernameDeps, event: Stripe.Event, now: Date): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await completeCheckout(deps, { sessionId: event.data.object.id, now });
      return;
    case "checkout.session.expired": {
      const checkout = await checkoutBySession(deps.db, event.data.object.id);
      if (checkout?.status === "open") await setCheckoutStatus(deps.db, checkout.id, "expired");
      return;
    }
    case "invoice.paid":
      await syncSubscription(
        deps,
        idOf(event.data.object.parent?.subscription_details?.subscription),
        now,
      );
      return;
    case "invoice.payment_failed": {
      const id = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (id) await noticePaymentFailed(deps, id);
      return;
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await syncSubscription(deps, event.data.object.id, now);
      return;
    default:
      return;
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
    const seen = await ctx.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, event.id));
    if (seen.length > 0) return { received: true };
    await applyEvent(ctx, event, new Date());
    await ctx.db
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing();
    return { received: true };
  });
};
