// The scheduled job that deletes veterans' documents (docs/profiles-and-media.md "The veteran
// medal"): 30 days after the decision on a request, its document leaves the private store and the
// request keeps only the date it was deleted. Every instance runs the timer; a run claims its
// period in `job_runs` (db/job-runs.ts), so the work happens once a period across the instances.
import { PROOF_KEPT_DAYS } from "../../../domain/contracts/badges";
import type { AppContext } from "../../context";
import { claimJobRun, scheduleJob } from "../../db/job-runs";
import { removeProof } from "./proof-store";
import { markProofDeleted, proofsDue } from "./queries";

export const PROOF_SWEEP_MS = 60 * 60 * 1000;
const BATCH = 100;
const DAY_MS = 86_400_000;

type SweepDeps = Pick<AppContext, "db" | "captures" | "log">;

/** One run at `now`: how many documents were deleted; null when, with `everyMs`, some instance
 * already ran within the period. */
export function runProofSweep(deps: SweepDeps, now: Date, everyMs = 0): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "badge-proofs", now, everyMs }))) {
      return null;
    }
    const before = new Date(now.getTime() - PROOF_KEPT_DAYS * DAY_MS);
    let deleted = 0;
    for (;;) {
      const due = await proofsDue(tx, { before, limit: BATCH });
      // The file first: a run that dies in between leaves the row, and the next run retries.
      for (const row of due) {
        await removeProof(deps.captures, row.proofUrl);
        await markProofDeleted(tx, { id: row.id, now });
      }
      deleted += due.length;
      if (due.length < BATCH) return deleted;
    }
  });
}

export function scheduleProofSweep(deps: SweepDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runProofSweep(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "deleting badge documents failed"),
  );
}
