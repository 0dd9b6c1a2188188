// The payments area in the app (docs/usernames.md "Payments"): Stripe with its signed webhook when
// configured, else the built-in test provider (its checkout page is the purchase's:
// usernames/test-checkout-routes.ts); the outbox's payments.cancel reaches the provider.
import type Stripe from "stripe";
import type { AppModule } from "../../app-module";
import type { Config } from "../../config";
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

/** Stripe's webhook when Stripe is configured, and the cancellations the outbox delivers. */
export function paymentsModule({ stripe }: Payments): AppModule {
  return {
    async register(app, ctx) {
      if (!stripe || !ctx.config.stripe) return;
      await app.register(stripeWebhookRoutes, {
        prefix: "/api/payments/stripe",
        ctx,
        stripe,
        secret: ctx.config.stripe.webhookSecret,
      });
    },
    outbox: (ctx) => ({
      "payments.cancel": ({ subscriptionId }) => ctx.payments.cancelNow(subscriptionId),
    }),
  };
}
