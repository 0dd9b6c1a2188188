// Shapes of /api/usernames/* and the test-mode checkout (spec-2 §2 Reserve Username dialog, §4
// availability and reservation, §7 create-stripe-checkout and handle-checkout-success).
import { z } from "zod";

export const usernameParams = z.object({ name: z.string().max(64) });

export const availabilityResponse = z.object({
  name: z.string(),
  available: z.boolean(),
  reason: z.enum(["required", "invalid", "length", "reserved", "taken", "held"]).nullable(),
  tier: z.object({ lookupKey: z.string(), label: z.string(), yearlyUsd: z.number() }).nullable(),
});
export type Availability = z.infer<typeof availabilityResponse>;

/** create-stripe-checkout: the name to buy; the tier follows from its length. */
export const checkoutRequest = z.object({ name: z.string().max(64) });
export const checkoutResponse = z.object({ url: z.string() });

/** handle-checkout-success: the provider's checkout session id from the success address. */
export const completeCheckoutRequest = z.object({ sessionId: z.string().min(1).max(255) });
export const completeCheckoutResponse = z.object({
  success: z.literal(true),
  username: z.string(),
});

/** The signed-in person's reserved name (docs/usernames.md "The life of a name"). */
export const ownedUsername = z.object({
  name: z.string(),
  /** active: paid up; grace: lapsed, still theirs until graceEndsAt. */
  status: z.enum(["active", "grace"]),
  provider: z.enum(["stripe", "test"]),
  yearlyUsd: z.number(),
  /** End of the paid period: the renewal date, or the last day when renewal is cancelled. */
  periodEndsAt: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  graceEndsAt: z.string().nullable(),
});
export type OwnedUsername = z.infer<typeof ownedUsername>;
export const mineResponse = z.object({ username: ownedUsername.nullable() });
export const portalResponse = z.object({ url: z.string() });

/** The built-in test checkout page (no STRIPE_SECRET_KEY): what is being bought. */
export const testCheckoutParams = z.object({ id: z.string().min(1).max(64) });
export const testCheckoutResponse = z.object({
  id: z.string(),
  name: z.string(),
  tierLabel: z.string(),
  yearlyUsd: z.number(),
  status: z.enum(["open", "complete", "canceled", "expired", "failed", "refused"]),
  cancelUrl: z.string(),
});
export const testPayRequest = z.object({ outcome: z.enum(["paid", "declined"]) });
export const redirectResponse = z.object({ redirectUrl: z.string() });
