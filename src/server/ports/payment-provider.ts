// The payment provider behind reserved usernames (docs/usernames.md "Payments"): Stripe when
// STRIPE_SECRET_KEY is set, else the built-in test provider. Both answer in the same shapes, so
// the usernames service has one code path for buying, completing, renewing and cancelling.
import type { PriceTier } from "../../domain/price-tiers";

export type ProviderKind = "stripe" | "test";

export interface CheckoutStart {
  /** Our checkout id (the hold), sent along so a session can be traced back to it. */
  checkoutId: string;
  userId: string;
  name: string;
  tier: PriceTier;
  customerEmail: string;
  /** Where the provider sends the buyer back; `{CHECKOUT_SESSION_ID}` is filled in by it. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  /** active, trialing, past_due, canceled, … as the provider says. */
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface ProviderCheckout {
  id: string;
  /** Paid (or nothing to pay) and complete: the name may be assigned. */
  paid: boolean;
  /** The provider has closed the session without payment (expired). */
  closed: boolean;
  subscription: ProviderSubscription | null;
}

export interface PaymentProvider {
  kind: ProviderKind;
  createCheckout(start: CheckoutStart): Promise<{ id: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription at once (a name that was lost to a race is not charged again). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** The provider's own billing page, when it has one. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}
