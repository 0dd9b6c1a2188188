// The scheduled job that prunes link previews (docs/feed.md "Link previews"): reads a day past
// their expiry that no post points at go, and with them the images no other card shows (removed
// through the outbox's media.delete once the deletion commits). Every instance runs the timer; a
// run claims its period in `job_runs` (db/job-runs.ts), so the work happens once a period.
import type { AppContext } from "../../context";
import { claimJobRun, scheduleJob } from "../../db/job-runs";
import { pruneExpiredPreviews } from "./link-preview-queries";

export const LINK_PREVIEW_SWEEP_MS = 60 * 60 * 1000;
/** A read is kept this long past its expiry, so a composer open since it was shown can still post
 * with it (docs/feed.md "Link previews"). */
export const PREVIEW_GRACE_MS = 24 * 60 * 60 * 1000;
/** Reads pruned at most per run: one run stays one short transaction. */
export const PREVIEW_SWEEP_BATCH = 5_000;

type SweepDeps = Pick<AppContext, "outbox" | "log">;

/** One run at `now`: how many reads went; null when, with `everyMs`, some instance already ran
 * within the period. */
export function runLinkPreviewSweep(
  deps: SweepDeps,
  now: Date,
  everyMs = 0,
): Promise<number | null> {
  return deps.outbox.transaction(async (tx, fx) => {
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "link-previews", now, everyMs }))) {
      return null;
    }
    const { removed, images } = await pruneExpiredPreviews(tx, {
      before: new Date(now.getTime() - PREVIEW_GRACE_MS),
      limit: PREVIEW_SWEEP_BATCH,
    });
    if (images.length > 0) fx.removeMedia(images);
    return removed;
  });
}

export function scheduleLinkPreviewSweep(deps: SweepDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runLinkPreviewSweep(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "link preview sweep failed"),
  );
}
