// Reporting (docs/safety.md "Report"): anyone signed in reports a profile, post, comment or a
// message they received, with a reason; they may block the person in the same step.
import { ERROR_CODES } from "../../../domain/contracts/errors";
import type { ReportReason, ReportTarget } from "../../../domain/contracts/safety";
import type { AppContext } from "../../context";
import { reports } from "../../db/schema/safety";
import { AppError, badRequest } from "../../errors";
import { block } from "./relations";
import { resolveTarget } from "./targets";
import { blockBetween } from "./visibility";

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
  const [row] = await deps.db
    .insert(reports)
    .values({
      reporterId: input.reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: target.ownerId,
      reason: input.reason,
      details: input.details ? input.details : null,
    })
    .returning({ id: reports.id });
  if (input.alsoBlock)
    await block(deps, { viewerId: input.reporterId, targetUserId: target.ownerId });
  return { reportId: row?.id ?? "", blocked: input.alsoBlock };
}
