// The scheduled job that forgets what keeps mail from being stored twice (docs/mail.md "Inbound",
// "Sending once"): inbound Message-IDs after 7 days, the answers kept for an Idempotency-Key after
// 24 hours. Every instance runs the timer; a run claims its period in `job_runs`
// (db/job-runs.ts), so the work happens once a period across the instances.
import type { AppContext } from "../../context";
import { deleteKeptAnswers } from "../../db/idempotency-keys";
import { claimJobRun, scheduleJob } from "../../db/job-runs";
import { IDEMPOTENCY_KEY_HOURS } from "../../http/idempotency";
import { deleteInboundMessageIds } from "./dedup-queries";
import { INBOUND_ID_DAYS } from "./inbound";

export const MAIL_DEDUP_SWEEP_MS = 60 * 60 * 1000;

type SweepDeps = Pick<AppContext, "db" | "log">;

export interface DedupSweepReport {
  messageIds: number;
  keys: number;
}

/** One run at `now`: how many of each were deleted; null when, with `everyMs`, some instance
 * already ran within the period. */
export function runMailDedupSweep(
  deps: SweepDeps,
  now: Date,
  everyMs = 0,
): Promise<DedupSweepReport | null> {
  return deps.db.transaction(async (tx) => {
    if (everyMs > 0 && !(await claimJobRun(tx, { name: "mail-dedup", now, everyMs }))) {
      return null;
    }
    const before = (ms: number) => new Date(now.getTime() - ms);
    return {
      messageIds: await deleteInboundMessageIds(tx, before(INBOUND_ID_DAYS * 86_400_000)),
      keys: await deleteKeptAnswers(tx, before(IDEMPOTENCY_KEY_HOURS * 3_600_000)),
    };
  });
}

export function scheduleMailDedupSweep(deps: SweepDeps, everyMs: number): () => Promise<void> {
  return scheduleJob(
    everyMs,
    (now) => runMailDedupSweep(deps, now, everyMs),
    (error) => deps.log.error({ err: error }, "mail de-duplication sweep failed"),
  );
}
