// The payments area in the app (docs/usernames.md "Payments"): Stripe with its signed webhook when
// configured, else the built-in test provider (its checkout page is the purchase's:
// usernames/test-checkout-routes.ts).
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "../../ports/payment-provider";
import { createStripeClient, stripeProvider } from "./stripe-provider";
import { stripeWebhookRoutes } from "./stripe-webhook";
import { testProvider } from "./test-provider";

export interface Payments {
  provider: PaymentProvider;
  stripe: Stripe | null;
}

export function createPayments(config: Config, db: Db): Payments {
  if (!config.stripe) return { provider: testProvider(db, config.publicUrl), stripe: null };
  const stripe = createStripeClient(config.stripe);
  return { provider: stripeProvider(stripe), stripe };
}

/** Stripe's webhook, when Stripe is configured. */
export async function registerPayments(
  app: FastifyInstance,
  ctx: AppContext,
  stripe: Stripe | null,
): Promise<void> {
  if (!stripe || !ctx.config.stripe) return;
  await app.register(stripeWebhookRoutes, {
    prefix: "/api/payments/stripe",
    ctx,
    stripe,
    secret: ctx.config.stripe.webhookSecret,
  });
}
