// Scheduled work of reserved usernames (docs/usernames.md "Scheduled work"): end holds past 30
// minutes, renew test-mode subscriptions as Stripe would, start grace when a test-mode renewal was
// cancelled, release names whose grace is over, forget released names after their hold-back.
// One instance at a time does it: the run holds a transaction-level advisory lock, so any number of
// app instances may run the timer; and on the timer a run first claims the period in `job_runs`,
// so the work happens once a period across the instances, not once per instance. Its mail and
// events are outbox rows of the same transaction.
import { claimJobRun, scheduleJob, tryJobLock } from "../../db/job-runs";
import { oneYearAfter } from "../payments/test-provider";
import { queueReceipt, type UsernameDeps, type UsernameTx } from "./checkout";
import { dueTestRenewals, forgetHeldBackNames, graceOverSubscriptions } from "./lifecycle-queries";
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

/** One run at `now`; null when another instance holds the lock, or, with `everyMs`, when some
 * instance already ran within the period. */
export async function runUsernameLifecycle(
  deps: UsernameDeps,
  now: Date,
  everyMs = 0,
): Promise<LifecycleReport | null> {
  return deps.outbox.transaction(async (tx, fx) => {
    if (!(await tryJobLock(tx, LIFECYCLE_LOCK))) return null;
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "usernames", now, everyMs }))) return null;
    const t: UsernameTx = { db: tx, fx, config: deps.config, federation: deps.federation };
    const expiredHolds = await expireHolds(tx, now);

    const due = await dueTestRenewals(tx, now, BATCH);
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

    const graceOver = await graceOverSubscriptions(tx, now, BATCH);
    for (const row of graceOver) await releaseAfterGrace(t, row, now);

    const forgotten = await forgetHeldBackNames(tx, now);
    return {
      expiredHolds,
      renewed,
      lapsed,
      released: graceOver.length,
      forgotten,
    };
  });
}

/** Runs the lifecycle now and then every `everyMs`; returns the stop function. */
export function scheduleUsernameLifecycle(
  deps: UsernameDeps,
  everyMs: number,
): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runUsernameLifecycle(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "username lifecycle failed"),
  );
}
