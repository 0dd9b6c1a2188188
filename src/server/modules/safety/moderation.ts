// The moderation queue and its actions (docs/safety.md "Moderate"): reports grouped per target;
// dismiss, remove content (a soft delete that restore undoes), restrict (read-only for N days),
// suspend (signed out on every instance, hidden with everything they wrote) and restore. Every
// action is written to the audit log; the affected person is told by e-mail and on their next visit.

import {
  ENFORCING_ACTIONS,
  type ModerationAction,
  type ReportGroup,
} from "../../../domain/contracts/safety";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import { longDateLabel } from "../../../domain/time-labels";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeCursor, pageOf } from "../../db/keyset";
import { badRequest, notFound } from "../../errors";
import { moderationMail } from "../../infra/safety-mails";
import type { Effects } from "../../outbox/outbox";
import { requireAdmin } from "../../policy/roles";
import { leaveNotice, logModerationAction } from "../audit/record";
import { accountByEmail, emailOfAccount, endSessionsOf } from "../auth/accounts";
import { setCommentRemovedForModeration } from "../comments/moderation";
import { setMessageRemovedForModeration } from "../mail/moderation";
import { quietUntilFor } from "../notification-settings/channels";
import { hidePostForModeration, restorePostForModeration } from "../posts/moderation";
import { toPersonSummary } from "../profiles/person";
import {
  liftProfileStanding,
  makeModerator,
  restrictProfile,
  suspendProfile,
} from "../profiles/safety";
import { tellByPush } from "../push/tell";
import {
  closeReports,
  type GroupKey,
  reportedPerson,
  reportGroupDetail,
  reportGroupKeys,
} from "./queries";
import { resolveTarget } from "./targets";

type Deps = Pick<AppContext, "db" | "outbox" | "config" | "log">;
const DAY_MS = 24 * 3600 * 1000;
const ENFORCING = new Set<ModerationAction>(ENFORCING_ACTIONS);

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

/** Removes or restores the post, comment or message, through the module that owns it. */
async function actOnContent(
  tx: Db,
  fx: Effects,
  input: {
    action: ModerationAction;
    targetType: ReportTarget;
    targetId: string;
    ownerId: string;
    now: Date;
  },
) {
  const { action, targetType, targetId, now } = input;
  if (action !== "remove" && action !== "restore") return;
  const at = action === "remove" ? now : null;
  if (targetType === "post") {
    const post = { postId: targetId, authorId: input.ownerId };
    if (!at) await restorePostForModeration(tx, fx, post);
    else if (await hidePostForModeration(tx, fx, { ...post, at }))
      fx.publish({ type: "post.deleted", ...post });
  } else if (targetType === "comment") {
    const counted = await setCommentRemovedForModeration(tx, { commentId: targetId, at });
    if (counted) fx.publish({ type: "post.counted", ...counted });
  } else if (targetType === "message") {
    await setMessageRemovedForModeration(tx, targetId, at);
  }
}

/** Restricts, suspends (signed out everywhere) or restores the person. */
async function actOnPerson(
  tx: Db,
  fx: Effects,
  input: {
    action: ModerationAction;
    targetType: ReportTarget;
    userId: string;
    until: Date | null;
    now: Date;
  },
) {
  const { action, userId } = input;
  if (action === "restrict") await restrictProfile(tx, userId, input.until);
  if (action === "suspend") {
    await suspendProfile(tx, userId, input.now);
    await endSessionsOf(tx, userId);
    fx.publish({ type: "session.ended", userId });
    fx.publish({ type: "account.suspended", userId });
  }
  if (action === "restore" && input.targetType === "profile") {
    await liftProfileStanding(tx, userId);
    fx.publish({ type: "profile.changed", userId });
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
    await closeReports(tx, { targetType, targetId, resolution: action, at: now });
    await logModerationAction(tx, {
      moderatorId: input.moderatorId,
      action,
      targetType,
      targetId,
      targetUserId: userId,
      reason: input.reason,
      rule: ENFORCING.has(action) ? (input.rule ?? null) : null,
      until,
      createdAt: now,
    });
    if (!text) return;
    await leaveNotice(tx, { userId, text, createdAt: now });
    const email = await emailOfAccount(tx, userId);
    if (email) {
      fx.mail(
        moderationMail({
          siteName: deps.config.siteName,
          to: email,
          text,
          link: deps.config.publicUrl,
        }),
        await quietUntilFor(tx, userId, now),
      );
    }
    await tellByPush(tx, fx, { recipientId: userId, notice: { kind: "moderation" } });
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
