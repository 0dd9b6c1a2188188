// SQL for the payment provider's own rows (db/schema/usernames.ts): the built-in test provider's
// sessions (docs/usernames.md "Test mode") and the ids of the Stripe events already taken
// (docs/usernames.md "Webhooks"). A test-mode subscription has no row of the provider's: it is the
// product's own subscription row, read here as Stripe would answer for its subscription (the
// usernames module sits above payments and is not imported by it).
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  paymentEvents,
  testPaymentSessions,
  usernameSubscriptions,
} from "../../db/schema/usernames";

export async function insertTestSession(db: Db, row: { id: string; subscriptionId: string }) {
  await db.insert(testPaymentSessions).values(row);
}

export async function findTestSession(db: Db, sessionId: string) {
  const [session] = await db
    .select()
    .from(testPaymentSessions)
    .where(eq(testPaymentSessions.id, sessionId));
  return session;
}

export async function findSubscriptionByProviderId(db: Db, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(usernameSubscriptions)
    .where(eq(usernameSubscriptions.providerSubscriptionId, subscriptionId));
  return row;
}

/** Records the page's answer unless one was recorded. */
export async function setTestOutcome(
  db: Db,
  {
    sessionId,
    outcome,
    paidAt,
  }: { sessionId: string; outcome: "paid" | "declined"; paidAt: Date | null },
): Promise<void> {
  await db
    .update(testPaymentSessions)
    .set({ outcome, paidAt })
    .where(and(eq(testPaymentSessions.id, sessionId), isNull(testPaymentSessions.outcome)));
}

/** Records a provider event's id; false when it was recorded before (a redelivery). */
export async function recordPaymentEvent(db: Db, event: { id: string; type: string }) {
  const fresh = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return fresh.length > 0;
}
