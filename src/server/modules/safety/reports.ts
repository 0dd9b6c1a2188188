// Reporting (docs/safety.md "Report"): anyone signed in reports a profile, post, comment or a
// message they received, with a reason; they may block the person in the same step.
import { and, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { reports } from "../../db/schema/safety";
import { AppError, badRequest } from "../../errors";
import { blockBetween } from "../../policy/visibility";
import { block } from "./relations";
import { resolveTarget } from "./targets";

const NOT_FOUND = "That is no longer available.";

export async function fileReport(
  deps: Pick<AppContext, "db" | "bus">,
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
    throw new AppError(404, ERROR_CODES.notFound, NOT_FOUND);
  }
  if (target.ownerId === input.reporterId) {
    throw badRequest(ERROR_CODES.validation, "You cannot report yourself.");
  }
  if ((await blockBetween(deps.db, input.reporterId, target.ownerId)) === "blocked") {
    throw new AppError(404, ERROR_CODES.notFound, NOT_FOUND);
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
  input: {
    reporterId: string;
    targetType: ReportTarget;
    targetId: string;
    targetUserId: string;
    reason: ReportReason;
    details?: string | undefined;
  },
): Promise<string> {
  const sameReport = and(
    eq(reports.reporterId, input.reporterId),
    eq(reports.targetType, input.targetType),
    eq(reports.targetId, input.targetId),
    eq(reports.status, "open"),
  );
  // Twice at most: the open report found in conflict may be closed by a moderator before it is read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [inserted] = await db
      .insert(reports)
      .values({
        reporterId: input.reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        targetUserId: input.targetUserId,
        reason: input.reason,
        details: input.details ? input.details : null,
      })
      .onConflictDoNothing({
        target: [reports.reporterId, reports.targetType, reports.targetId],
        where: sql`${reports.status} = 'open'`,
      })
      .returning({ id: reports.id });
    if (inserted) return inserted.id;
    const [open] = await db.select({ id: reports.id }).from(reports).where(sameReport).limit(1);
    if (open) return open.id;
  }
  throw new Error("report neither stored nor found open");
}
