// The built-in test provider (no STRIPE_SECRET_KEY; docs/usernames.md "Test mode"): our own
// checkout page at /checkout/test/{id} stands in for Stripe's, with Pay, Decline card and Cancel.
// Its sessions live in test_payment_sessions; a paid name's subscription is the product's own row,
// renewed by the lifecycle timer as Stripe would renew it.
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import type { PaymentProvider, ProviderSubscription } from "../../ports/payment-provider";
import {
  findSubscriptionByProviderId,
  findTestSession,
  insertTestSession,
  setTestOutcome,
} from "./queries";

const YEAR_MS = 365 * 24 * 3600 * 1000;
const token = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** A year after the given moment: one paid period of a reserved username (spec-2 §9). */
export const oneYearAfter = (from: Date) => new Date(from.getTime() + YEAR_MS);

export function testProvider(db: Db, publicUrl: string): PaymentProvider {
  return {
    kind: "test",
    async createCheckout() {
      const id = token("cs_test");
      await insertTestSession(db, { id, subscriptionId: token("sub_test") });
      return { id, url: `${publicUrl}/checkout/test/${id}` };
    },
    async retrieveCheckout(sessionId) {
      const session = await findTestSession(db, sessionId);
      if (!session) return null;
      const paid = session.outcome === "paid" && session.paidAt !== null;
      const subscription: ProviderSubscription | null =
        paid && session.paidAt
          ? {
              id: session.subscriptionId,
              customerId: null,
              status: "active",
              currentPeriodEnd: oneYearAfter(session.paidAt),
              cancelAtPeriodEnd: false,
            }
          : null;
      return { id: session.id, paid, closed: session.outcome === "declined", subscription };
    },
    async retrieveSubscription(subscriptionId) {
      const row = await findSubscriptionByProviderId(db, subscriptionId);
      if (!row) return null;
      return {
        id: subscriptionId,
        customerId: null,
        status: row.status === "ended" ? "canceled" : "active",
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      };
    },
    // The test provider keeps no state of its own for a subscription: the product's row is it.
    async setCancelAtPeriodEnd() {},
    async cancelNow() {},
    async portalUrl() {
      return null;
    },
  };
}

/** The test page's answer: Pay or Decline card, recorded once. */
export async function answerTestSession(
  db: Db,
  sessionId: string,
  outcome: "paid" | "declined",
  now: Date,
): Promise<void> {
  await setTestOutcome(db, { sessionId, outcome, paidAt: outcome === "paid" ? now : null });
}
