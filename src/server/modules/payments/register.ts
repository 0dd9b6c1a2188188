// The payments area in the app (docs/usernames.md "Payments"): Stripe with its signed webhook when
// configured, else the built-in test provider with its own checkout page.
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "./provider";
import { createStripeClient, stripeProvider } from "./stripe-provider";
import { stripeWebhookRoutes } from "./stripe-webhook";
import { testCheckoutRoutes } from "./test-checkout-routes";
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

export async function registerPayments(
  app: FastifyInstance,
  ctx: AppContext,
  stripe: Stripe | null,
): Promise<void> {
  if (stripe && ctx.config.stripe) {
    await app.register(stripeWebhookRoutes, {
      prefix: "/api/payments/stripe",
      ctx,
      stripe,
      secret: ctx.config.stripe.webhookSecret,
    });
  } else {
    await app.register(testCheckoutRoutes, { prefix: "/api/payments/test", ctx });
  }
}
