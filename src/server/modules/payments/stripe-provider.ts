// Stripe Checkout in subscription mode (docs/usernames.md "Payments"): the price is found by its
// lookup key (spec-2 §9), and the session carries our checkout id and the buyer in its metadata.
// STRIPE_API_URL points the SDK at another server (stripe-mock, or the tests' fake).
import Stripe from "stripe";
import type { PaymentProvider, ProviderSubscription } from "../../ports/payment-provider";

export interface StripeSettings {
  secretKey: string;
  apiUrl: string | undefined;
}

export function createStripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    telemetry: false,
    maxNetworkRetries: target ? 0 : 2,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port,
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const periodEnd = Math.max(0, ...subscription.items.data.map((i) => i.current_period_end));
  return {
    id: subscription.id,
    customerId:
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    currentPeriodEnd: fromUnix(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

export function stripeProvider(stripe: Stripe): PaymentProvider {
  async function retrieveSubscription(id: string) {
    try {
      return subscriptionOf(await stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: "stripe",
    async createCheckout(start) {
      const prices = await stripe.prices.list({
        lookup_keys: [start.tier.lookupKey],
        active: true,
        limit: 1,
      });
      const price = prices.data[0];
      if (!price) throw new Error(`no active Stripe price with lookup key ${start.tier.lookupKey}`);
      const metadata = {
        checkout_id: start.checkoutId,
        user_id: start.userId,
        username: start.name,
      };
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: price.id, quantity: 1 }],
        client_reference_id: start.checkoutId,
        customer_email: start.customerEmail,
        metadata,
        subscription_data: { metadata },
        success_url: start.successUrl,
        cancel_url: start.cancelUrl,
        expires_at: Math.ceil(start.expiresAt.getTime() / 1000),
      });
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      return { id: session.id, url: session.url };
    },
    async retrieveCheckout(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const paid =
        session.status === "complete" &&
        (session.payment_status === "paid" || session.payment_status === "no_payment_required");
      const subscriptionId =
        typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      return {
        id: session.id,
        paid,
        closed: session.status === "expired",
        subscription: paid && subscriptionId ? await retrieveSubscription(subscriptionId) : null,
      };
    },
    retrieveSubscription,
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },
    async cancelNow(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
    async portalUrl(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
  };
}
