// The scheduled job that deletes timeline rows past their days (docs/feed.md "Timelines written
// at post time"). Every instance runs the timer; a run claims its period in `job_runs`
// (db/job-runs.ts), so the work happens once a period across the instances.
import type { AppContext } from "../../context";
import { claimJobRun, scheduleJob } from "../../db/job-runs";
import { sweepRepostTimelines } from "./repost-timeline-queries";
import { sweepTimelines } from "./timeline-queries";

export const TIMELINE_SWEEP_MS = 6 * 60 * 60 * 1000;

type SweepDeps = Pick<AppContext, "db" | "log">;

/** One run at `now`: how many rows were deleted; null when, with `everyMs`, some instance already
 * ran within the period. */
export function runTimelineSweep(deps: SweepDeps, now: Date, everyMs = 0): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "home-timelines", now, everyMs }))) {
      return null;
    }
    return (await sweepTimelines(tx, now)) + (await sweepRepostTimelines(tx, now));
  });
}

export function scheduleTimelineSweep(deps: SweepDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runTimelineSweep(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "timeline sweep failed"),
  );
}
