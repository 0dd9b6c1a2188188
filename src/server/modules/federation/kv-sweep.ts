// The scheduled job that deletes the federation's cached entries past their time (docs/federation.md
// "Storage"): a read already treats them as absent; this keeps the table from growing. Every
// instance runs the timer; a run claims its period in `job_runs`, so it runs once a period.
import type { AppContext } from "../../context";
import { claimJobRun, scheduleJob } from "../../db/job-runs";
import { kvSweep } from "./store-queries";

export const FEDERATION_SWEEP_MS = 60 * 60 * 1000;

type SweepDeps = Pick<AppContext, "db" | "log">;

/** One run at `now`: how many entries were deleted; null when another instance ran this period. */
export function runKvSweep(deps: SweepDeps, now: Date, everyMs = 0): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "federation-kv", now, everyMs }))) {
      return null;
    }
    return kvSweep(tx);
  });
}

export function scheduleKvSweep(deps: SweepDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runKvSweep(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "federation sweep failed"),
  );
}
