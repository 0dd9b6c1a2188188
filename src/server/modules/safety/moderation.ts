// The moderation queue and its actions (docs/safety.md "Moderate"): reports grouped per target;
// dismiss, remove content (a soft delete that restore undoes), restrict (read-only for N days),
// suspend (signed out on every instance, hidden with everything they wrote) and restore. Every
// action is written to the audit log with the rule it enforces; the affected person is told by
// e-mail and on their next visit, and the reporters whose reports it closes in Activity
// ("Reporters hear back").

import type { ModerationAction, ReportGroup } from "../../../domain/contracts/safety";
import { ERROR_CODES } from "../../../domain/error-codes";
import { isEnforcing } from "../../../domain/moderation-standing";
import { reportOutcomeOf } from "../../../domain/report-outcomes";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import { longDateLabel } from "../../../domain/time-labels";
import type { AppContext } from "../../context";
import { decodeCursor, pageOf } from "../../db/keyset";
import { badRequest, notFound } from "../../errors";
import { requireAdmin } from "../../policy/roles";
import { logModerationAction } from "../audit/record";
import { accountByEmail } from "../auth/accounts";
import { toPersonSummary } from "../profiles/person";
import { makeModerator } from "../profiles/safety";
import { actOnContent, actOnPerson, tellPerson } from "./moderation-effects";
import {
  closeReports,
  type GroupKey,
  reportedPerson,
  reportGroupDetail,
  reportGroupKeys,
} from "./queries";
import { tellReporters } from "./reporter-notices";
import { resolveTarget } from "./targets";

type Deps = Pick<AppContext, "db" | "outbox" | "config" | "log">;
const DAY_MS = 24 * 3600 * 1000;

export async function reportQueue(
  deps: Deps,
  {
    status,
    limit,
    cursor,
  }: { status: "open" | "closed"; limit: number; cursor?: string | undefined },
): Promise<{ items: ReportGroup[]; nextCursor: string | null }> {
  const keys = await reportGroupKeys(deps.db, { status, limit, after: decodeCursor(cursor) });
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({
    at: new Date(k.latest_at),
    id: k.target_id,
  }));
  const items: ReportGroup[] = [];
  for (const key of page) items.push(await presentGroup(deps, key, status));
  return { items, nextCursor };
}

async function presentGroup(deps: Deps, key: GroupKey, status: string): Promise<ReportGroup> {
  const { reasons, newest } = await reportGroupDetail(deps.db, key, status);
  const owner = await reportedPerson(deps.db, key.target_user_id);
  const content = await resolveTarget(deps.db, key.target_type, key.target_id);
  if (!owner) throw notFound();
  return {
    targetType: key.target_type,
    targetId: key.target_id,
    targetUser: toPersonSummary(owner),
    targetUserStanding: {
      restrictedUntil:
        owner.restrictedUntil && owner.restrictedUntil > new Date()
          ? owner.restrictedUntil.toISOString()
          : null,
      suspended: owner.suspendedAt !== null,
    },
    content: content
      ? {
          text: content.text,
          imageUrl: content.imageUrl,
          context: content.context,
          href: content.href,
          removed: content.removed,
        }
      : null,
    reportCount: Number(key.report_count),
    reasons: reasons.map((r) => ({ reason: r.reason as ReportReason, count: Number(r.count) })),
    latestAt: new Date(key.latest_at).toISOString(),
    reports: newest.map(({ report, reporter }) => ({
      id: report.id,
      reporter: toPersonSummary(reporter),
      reason: report.reason as ReportReason,
      details: report.details,
      createdAt: report.createdAt.toISOString(),
    })),
  };
}

const WHAT: Record<ReportTarget, string> = {
  profile: "profile",
  post: "post",
  comment: "comment",
  message: "message",
};

/** The text the person is told, or null when they are not told (a dismissal). */
function noticeText(
  action: ModerationAction,
  type: ReportTarget,
  reason: string,
  until: Date | null,
) {
  switch (action) {
    case "remove":
      return `A moderator removed your ${WHAT[type]}. Reason: ${reason}`;
    case "restrict":
      return `A moderator restricted your account until ${longDateLabel(until ?? new Date())}: you can read, but not post, comment, message or follow. Reason: ${reason}`;
    case "suspend":
      return `A moderator suspended your account. Reason: ${reason}`;
    case "restore":
      return type === "profile"
        ? `A moderator lifted the restrictions on your account. Reason: ${reason}`
        : `A moderator restored your ${WHAT[type]}. Reason: ${reason}`;
    default:
      return null;
  }
}

export async function moderate(
  deps: Deps,
  input: {
    moderatorId: string;
    targetType: ReportTarget;
    targetId: string;
    action: ModerationAction;
    reason: string;
    rule?: ReportReason | undefined;
    days?: number | undefined;
    reporterNote?: string | undefined;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const target = await resolveTarget(deps.db, input.targetType, input.targetId);
  if (!target) throw notFound("That is no longer available.");
  const { action, targetType, targetId } = input;
  if (action === "remove" && targetType === "profile") {
    throw badRequest(
      ERROR_CODES.validation,
      "A profile cannot be removed; restrict or suspend the person.",
    );
  }
  if (target.ownerId === input.moderatorId && action !== "dismiss") {
    throw badRequest(ERROR_CODES.validation, "You cannot act on your own account or content.");
  }
  const userId = target.ownerId;
  const until = action === "restrict" ? new Date(now.getTime() + (input.days ?? 7) * DAY_MS) : null;
  const text = noticeText(action, targetType, input.reason, until);
  // The change, its events and the notice mail commit together (docs/outbox.md).
  await deps.outbox.transaction(async (tx, fx) => {
    await actOnContent(tx, fx, { action, targetType, targetId, ownerId: userId, now });
    await actOnPerson(tx, fx, { action, targetType, userId, until, now });
    const reporterIds = await closeReports(tx, {
      targetType,
      targetId,
      resolution: action,
      at: now,
    });
    const actionId = await logModerationAction(tx, {
      moderatorId: input.moderatorId,
      action,
      targetType,
      targetId,
      targetUserId: userId,
      reason: input.reason,
      rule: isEnforcing(action) ? (input.rule ?? null) : null,
      reporterNote: reportOutcomeOf(action) && input.reporterNote ? input.reporterNote : null,
      until,
      createdAt: now,
    });
    await tellReporters(tx, fx, { reporterIds, actionId, action, now });
    if (text) {
      const appealActionId = action === "suspend" ? actionId : undefined;
      await tellPerson(tx, fx, deps, {
        userId,
        text,
        now,
        ...(appealActionId && { appealActionId }),
      });
    }
  });
}

/** Admins (ADMIN_EMAILS) make someone a moderator; 404 for everyone else. */
export async function grantModerator(
  deps: Deps,
  { adminId, email }: { adminId: string; email: string },
) {
  await requireAdmin(deps, adminId);
  const person = await accountByEmail(deps.db, email);
  if (!person) throw notFound("No account uses that address.");
  await makeModerator(deps.db, person.id);
  await logModerationAction(deps.db, {
    moderatorId: adminId,
    action: "grant_moderator",
    targetType: "profile",
    targetId: person.id,
    targetUserId: person.id,
    reason: "Granted the moderator role",
  });
}
