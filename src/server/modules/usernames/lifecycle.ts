// Scheduled work of reserved usernames (docs/usernames.md "Scheduled work"): end holds past 30
// minutes, renew test-mode subscriptions as Stripe would, start grace when a test-mode renewal was
// cancelled, release names whose grace is over, forget released names after their hold-back.
// One instance at a time does it: the run holds a transaction-level advisory lock, so any number of
// app instances may run the timer; and on the timer a run first claims the period in `job_runs`,
// so the work happens once a period across the instances, not once per instance. Its mail and
// events are outbox rows of the same transaction.
import { and, eq, lte, sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { jobRuns } from "../../db/schema/instances";
import { releasedUsernames, usernameSubscriptions } from "../../db/schema/usernames";
import { oneYearAfter } from "../payments/test-provider";
import { queueReceipt, type UsernameDeps, type UsernameTx } from "./checkout";
import { expireHolds, updateSubscription } from "./queries";
import { releaseAfterGrace, startGrace } from "./subscription";

const LIFECYCLE_LOCK = 0x75736e6d; // 'usnm'
const BATCH = 200;

export interface LifecycleReport {
  expiredHolds: number;
  renewed: number;
  lapsed: number;
  released: number;
  forgotten: number;
}

/** A run due this often counts as on time a tenth early: timers in different instances drift. */
const EARLY_SHARE = 0.1;

/** One run at `now`; null when another instance holds the lock, or, with `everyMs`, when some
 * instance already ran within the period. */
export async function runUsernameLifecycle(
  deps: UsernameDeps,
  now: Date,
  everyMs = 0,
): Promise<LifecycleReport | null> {
  return deps.outbox.transaction(async (tx, fx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LIFECYCLE_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    if (everyMs > 0) {
      const ranBefore = new Date(now.getTime() - everyMs * (1 - EARLY_SHARE));
      const claimed = await queryRows<{ name: string }>(
        tx,
        sql`insert into ${jobRuns} (name, last_run_at) values ('usernames', ${now})
            on conflict (name) do update set last_run_at = excluded.last_run_at
            where ${jobRuns.lastRunAt} <= ${ranBefore}
            returning name`,
      );
      if (claimed.length === 0) return null;
    }
    const t: UsernameTx = { db: tx, fx, config: deps.config };
    const expiredHolds = await expireHolds(tx, now);

    const due = await tx
      .select()
      .from(usernameSubscriptions)
      .where(
        and(
          eq(usernameSubscriptions.provider, "test"),
          eq(usernameSubscriptions.status, "active"),
          lte(usernameSubscriptions.currentPeriodEnd, now),
        ),
      )
      .limit(BATCH);
    let renewed = 0;
    let lapsed = 0;
    for (const row of due) {
      if (row.cancelAtPeriodEnd) {
        await startGrace(t, row, now);
        lapsed++;
      } else {
        const renewsAt = oneYearAfter(row.currentPeriodEnd);
        await updateSubscription(tx, row.id, { currentPeriodEnd: renewsAt, updatedAt: now });
        await queueReceipt(t, { userId: row.userId, name: row.name, renewsAt });
        renewed++;
      }
    }

    const graceOver = await tx
      .select()
      .from(usernameSubscriptions)
      .where(
        and(eq(usernameSubscriptions.status, "grace"), lte(usernameSubscriptions.graceEndsAt, now)),
      )
      .limit(BATCH);
    for (const row of graceOver) await releaseAfterGrace(t, row, now);

    const forgotten = await tx
      .delete(releasedUsernames)
      .where(lte(releasedUsernames.heldUntil, now))
      .returning({ name: releasedUsernames.name });
    return {
      expiredHolds,
      renewed,
      lapsed,
      released: graceOver.length,
      forgotten: forgotten.length,
    };
  });
}

/** Runs the lifecycle now and then every `everyMs`; returns the stop function. */
export function scheduleUsernameLifecycle(
  deps: UsernameDeps,
  everyMs: number,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => runUsernameLifecycle(deps, new Date(), everyMs))
      .catch((error: unknown) => deps.log.error({ err: error }, "username lifecycle failed"));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
