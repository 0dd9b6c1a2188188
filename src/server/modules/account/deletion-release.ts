// The scheduled job that gives held names back (docs/accounts.md "Deleting the account"): a
// deleted account's handle, default username and mail address are free again once their 90 days
// are over. It runs in every instance on a timer and claims its period in `job_runs`
// (db/job-runs.ts), so the work happens once an hour across the instances.
import type { AppContext } from "../../context";
import { claimJobRun, scheduleJob } from "../../db/job-runs";
import { releaseHeldNames } from "../../policy/held-names";

export const HELD_NAMES_RELEASE_MS = 60 * 60 * 1000;

type ReleaseDeps = Pick<AppContext, "db" | "log">;

/** One run at `now`: the names released; null when, with `everyMs`, some instance already ran
 * within the period. */
export function runHeldNamesRelease(
  deps: ReleaseDeps,
  now: Date,
  everyMs = 0,
): Promise<string[] | null> {
  return deps.db.transaction(async (tx) => {
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "held-names", now, everyMs }))) return null;
    return releaseHeldNames(tx, now);
  });
}

export function scheduleHeldNamesRelease(deps: ReleaseDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runHeldNamesRelease(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "releasing held names failed"),
  );
}
