// Reporters hear back (docs/safety.md "Reporters hear back"): when an action closes reports, each
// of their reporters gets an item in Activity saying what became of the thing they reported (of
// kind moderation: always in the app, pushed as their settings and quiet hours allow). The item
// names the kind of thing and the outcome only, never the content or the moderator, so it tells
// nobody more than they could see; a restriction and a suspension read alike. One per reporter
// and action, whatever retries: the reports were closed by this transaction, and the unique index
// user_activity_report_outcome_idx holds the rest.
import { reportOutcomeOf } from "../../../domain/report-outcomes";
import type { Db } from "../../db/client";
import type { Effects } from "../../outbox/outbox";
import { recordReportOutcome } from "../activity/record";
import { tellByPush } from "../push/tell";

export async function tellReporters(
  tx: Db,
  fx: Effects,
  input: { reporterIds: string[]; actionId: string; action: string; now: Date },
): Promise<void> {
  if (!reportOutcomeOf(input.action)) return;
  for (const recipientId of new Set(input.reporterIds)) {
    const told = await recordReportOutcome(tx, {
      recipientId,
      actionId: input.actionId,
      at: input.now,
    });
    if (!told) continue;
    fx.publishAfterCommit({ type: "activity.created", recipientId });
    await tellByPush(tx, fx, { recipientId, notice: { kind: "moderation", report: true } });
  }
}
