// Reporting (docs/safety.md "Report"): anyone signed in reports a profile, post, comment or a
// message they received, with a reason; they may block the person in the same step.
import { ERROR_CODES } from "../../../domain/error-codes";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../errors";
import { blockBetween, canSeePosts } from "../../policy/visibility";
import { block } from "./block-and-mute";
import { findOpenReport, insertOpenReport, type NewReport } from "./queries";
import { resolveTarget } from "./targets";

const NOT_FOUND = "That is no longer available.";

export async function fileReport(
  deps: Pick<AppContext, "db" | "outbox">,
  input: {
    reporterId: string;
    targetType: ReportTarget;
    targetId: string;
    reason: ReportReason;
    details?: string | undefined;
    alsoBlock: boolean;
  },
): Promise<{ reportId: string; blocked: boolean }> {
  const target = await resolveTarget(deps.db, input.targetType, input.targetId);
  if (
    !target ||
    (input.targetType === "message" && !target.memberIds?.includes(input.reporterId))
  ) {
    throw notFound(NOT_FOUND);
  }
  if (target.ownerId === input.reporterId) {
    throw badRequest(ERROR_CODES.validation, "You cannot report yourself.");
  }
  if ((await blockBetween(deps.db, input.reporterId, target.ownerId)) === "blocked") {
    throw notFound(NOT_FOUND);
  }
  // A private account's post is not there for whoever may not see it (docs/safety.md "Private
  // accounts"), so a report cannot tell that it exists.
  if (
    input.targetType === "post" &&
    !(await canSeePosts(deps.db, input.reporterId, target.ownerId))
  ) {
    throw notFound(NOT_FOUND);
  }
  const reportId = await openReportOf(deps.db, { ...input, targetUserId: target.ownerId });
  if (input.alsoBlock)
    await block(deps, { viewerId: input.reporterId, targetUserId: target.ownerId });
  return { reportId, blocked: input.alsoBlock };
}

/**
 * Stores the report, or finds the one this reporter already has open on this target: a unique
 * partial index allows one open report per reporter and target, so a repeated or concurrent
 * report answers as the first did and the queue counts it once (docs/safety.md "Report").
 */
async function openReportOf(
  db: Db,
  input: Omit<NewReport, "details"> & { details?: string | undefined },
): Promise<string> {
  const report = { ...input, details: input.details ? input.details : null };
  // Twice at most: the open report found in conflict may be closed by a moderator before it is read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const id = (await insertOpenReport(db, report)) ?? (await findOpenReport(db, report));
    if (id) return id;
  }
  throw new Error("report neither stored nor found open");
}
