// Scheduled work of data exports (docs/accounts.md "Your data"): an export past its 7 days loses
// its file and its row; a build silent for hours (its instance died and the outbox gave up) is
// marked failed, so the person may ask again. As with the username lifecycle
// (usernames/lifecycle.ts), a run holds a transaction-level advisory lock and, on the timer, first
// claims its period in `job_runs`, so it runs once a period across all the instances.
import type { AppContext } from "../../context";
import { claimJobRun, scheduleJob, tryJobLock } from "../../db/job-runs";
import { deleteExport, expiredExports, failStaleBuilds } from "./queries";

const SWEEP_LOCK = 0x65787074; // 'expt'
const BATCH = 100;
/** Longer than the outbox's ten attempts (about 43 minutes, docs/outbox.md). */
const GIVEN_UP_MS = 3 * 3_600_000;
/** A failed export stays listed this long, saying so, before it is swept. */
const FAILED_KEPT_MS = 86_400_000;

export type SweepDeps = Pick<AppContext, "db" | "exports" | "log">;

export interface SweepReport {
  failed: number;
  deleted: number;
}

/** One run at `now`; null when another instance holds the lock, or, with `everyMs`, when some
 * instance already ran within the period. */
export async function runExportSweep(
  deps: SweepDeps,
  now: Date,
  everyMs = 0,
): Promise<SweepReport | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryJobLock(tx, SWEEP_LOCK))) return null;
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "exports", now, everyMs }))) return null;
    const failed = await failStaleBuilds(tx, {
      staleBefore: new Date(now.getTime() - GIVEN_UP_MS),
      keepUntil: new Date(now.getTime() + FAILED_KEPT_MS),
    });
    let deleted = 0;
    for (;;) {
      const expired = await expiredExports(tx, now, BATCH);
      // The file first: a run that dies in between leaves the row, and the next run retries.
      for (const row of expired) {
        if (row.objectKey) await deps.exports.delete(row.objectKey);
        await deleteExport(tx, row.id);
      }
      deleted += expired.length;
      if (expired.length < BATCH) break;
    }
    return { failed, deleted };
  });
}

/** Runs the sweep now and then every `everyMs`; returns the stop function. */
export function scheduleExportSweep(deps: SweepDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runExportSweep(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "export sweep failed"),
  );
}
