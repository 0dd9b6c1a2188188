// SQL of the username lifecycle's run (docs/usernames.md "Scheduled work"): the test-mode
// subscriptions due for renewal, those whose grace is over, and released names past their
// hold-back. Run inside the lifecycle's transaction.
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { releasedUsernames, usernameSubscriptions } from "../../db/schema/usernames";

/** Active test-mode subscriptions whose period ended by `now` (Stripe renews its own). */
export function dueTestRenewals(tx: Db, now: Date, limit: number) {
  return tx
    .select()
    .from(usernameSubscriptions)
    .where(
      and(
        eq(usernameSubscriptions.provider, "test"),
        eq(usernameSubscriptions.status, "active"),
        lte(usernameSubscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(limit);
}

export function graceOverSubscriptions(tx: Db, now: Date, limit: number) {
  return tx
    .select()
    .from(usernameSubscriptions)
    .where(
      and(eq(usernameSubscriptions.status, "grace"), lte(usernameSubscriptions.graceEndsAt, now)),
    )
    .limit(limit);
}

/** Forgets released names whose hold-back ended by `now`; how many. */
export async function forgetHeldBackNames(tx: Db, now: Date): Promise<number> {
  const rows = await tx
    .delete(releasedUsernames)
    .where(lte(releasedUsernames.heldUntil, now))
    .returning({ name: releasedUsernames.name });
  return rows.length;
}
