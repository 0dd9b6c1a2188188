// SQL for reserved usernames (docs/usernames.md): who stands on a name, holds, subscriptions and
// released names. Database handle first, so each runs inside the caller's transaction.
import { and, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";
import {
  releasedUsernames,
  usernameCheckouts,
  usernameSubscriptions,
} from "../../db/schema/usernames";
import { isNameHeld } from "../../policy/held-names";

export type Checkout = typeof usernameCheckouts.$inferSelect;
export type Subscription = typeof usernameSubscriptions.$inferSelect;

/** Serialises every change to one name across transactions and app instances. */
export async function lockName(db: Db, name: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`username:${name}`}))`);
}

/**
 * Serialises changes to one provider subscription (webhooks for it may arrive at once): the second
 * sees the first's committed period, so a renewal's receipt is queued once.
 */
export async function lockSubscription(db: Db, providerSubscriptionId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`subscription:${providerSubscriptionId}`}))`,
  );
}

/**
 * Why `name` is not open to `buyerId` at `now`, or null when it is: someone's handle ('taken'),
 * another buyer's live hold ('held'), or a released name kept for its former owner ('taken').
 * A name the buyer holds in grace stays open to them, so they can renew it.
 */
export async function nameStanding(
  db: Db,
  { name, buyerId, now }: { name: string; buyerId: string | null; now: Date },
): Promise<"taken" | "held" | null> {
  const [handle] = await db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .where(
      or(
        sql`lower(${profiles.username}) = ${name}`,
        sql`lower(${profiles.defaultUsername}) = ${name}`,
      ),
    )
    .limit(1);
  if (handle) {
    const inGrace =
      buyerId !== null &&
      handle.userId === buyerId &&
      handle.username?.toLowerCase() === name &&
      (await liveSubscription(db, buyerId))?.status === "grace";
    if (!inGrace) return "taken";
  }
  const [hold] = await db
    .select({ userId: usernameCheckouts.userId })
    .from(usernameCheckouts)
    .where(
      and(
        eq(usernameCheckouts.name, name),
        eq(usernameCheckouts.status, "open"),
        gt(usernameCheckouts.expiresAt, now),
      ),
    );
  if (hold && hold.userId !== buyerId) return "held";
  const [released] = await db
    .select({ formerUserId: releasedUsernames.formerUserId })
    .from(releasedUsernames)
    .where(and(eq(releasedUsernames.name, name), gt(releasedUsernames.heldUntil, now)));
  if (released && released.formerUserId !== buyerId) return "taken";
  // A deleted account's names are held back from everyone (policy/held-names.ts).
  if (await isNameHeld(db, name, now)) return "taken";
  return null;
}

/** The user's name that is paid up or in grace, if any (at most one: a unique index). */
export async function liveSubscription(db: Db, userId: string): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(usernameSubscriptions)
    .where(
      and(eq(usernameSubscriptions.userId, userId), ne(usernameSubscriptions.status, "ended")),
    );
  return row;
}

export async function subscriptionByProviderId(
  db: Db,
  providerSubscriptionId: string,
): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(usernameSubscriptions)
    .where(eq(usernameSubscriptions.providerSubscriptionId, providerSubscriptionId));
  return row;
}

/** Ends holds past their time (the name's, or all when no name is given). */
export async function expireHolds(db: Db, now: Date, name?: string): Promise<number> {
  const rows = await db
    .update(usernameCheckouts)
    .set({ status: "expired" })
    .where(
      and(
        eq(usernameCheckouts.status, "open"),
        lte(usernameCheckouts.expiresAt, now),
        name === undefined ? undefined : eq(usernameCheckouts.name, name),
      ),
    )
    .returning({ id: usernameCheckouts.id });
  return rows.length;
}

/** A buyer has one hold at a time: starting another checkout cancels the earlier one. */
export async function cancelOpenHoldsOf(db: Db, userId: string): Promise<void> {
  await db
    .update(usernameCheckouts)
    .set({ status: "canceled" })
    .where(and(eq(usernameCheckouts.userId, userId), eq(usernameCheckouts.status, "open")));
}

export async function checkoutBySession(db: Db, sessionId: string): Promise<Checkout | undefined> {
  const [row] = await db
    .select()
    .from(usernameCheckouts)
    .where(eq(usernameCheckouts.sessionId, sessionId));
  return row;
}

export async function setCheckoutStatus(
  db: Db,
  id: string,
  status: Checkout["status"],
  completedAt: Date | null = null,
): Promise<void> {
  await db
    .update(usernameCheckouts)
    .set({ status, completedAt })
    .where(eq(usernameCheckouts.id, id));
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<Omit<Subscription, "id">>,
): Promise<void> {
  await db.update(usernameSubscriptions).set(changes).where(eq(usernameSubscriptions.id, id));
}

/** A name leaving its owner: its URL redirects to them, then it is kept back for them alone. */
export async function releaseName(
  db: Db,
  row: { name: string; formerUserId: string; redirectUntil: Date; heldUntil: Date },
): Promise<void> {
  await db
    .insert(releasedUsernames)
    .values(row)
    .onConflictDoUpdate({
      target: releasedUsernames.name,
      set: {
        formerUserId: row.formerUserId,
        redirectUntil: row.redirectUntil,
        heldUntil: row.heldUntil,
      },
    });
}

/** A name bought back (or bought after its hold-back) is no longer a released name. */
export async function forgetReleasedName(db: Db, name: string): Promise<void> {
  await db.delete(releasedUsernames).where(eq(releasedUsernames.name, name));
}

export async function insertCheckout(
  tx: Db,
  values: Pick<
    typeof usernameCheckouts.$inferInsert,
    "userId" | "name" | "lookupKey" | "provider" | "expiresAt"
  >,
): Promise<Checkout> {
  const [row] = await tx.insert(usernameCheckouts).values(values).returning();
  return row as Checkout;
}

/** The provider's session of a checkout, once it has made one. */
export async function setCheckoutSession(db: Db, id: string, sessionId: string): Promise<void> {
  await db.update(usernameCheckouts).set({ sessionId }).where(eq(usernameCheckouts.id, id));
}

/** A paid purchase's subscription; a second write of the same provider subscription does nothing. */
export async function insertSubscription(
  tx: Db,
  values: typeof usernameSubscriptions.$inferInsert,
): Promise<void> {
  await tx.insert(usernameSubscriptions).values(values).onConflictDoNothing();
}
