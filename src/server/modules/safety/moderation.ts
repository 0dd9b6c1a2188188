// The moderation queue and its actions (docs/safety.md "Moderate"): reports grouped per target;
// dismiss, remove content (a soft delete that restore undoes), restrict (read-only for N days),
// suspend (signed out on every instance, hidden with everything they wrote) and restore. Every
// action is written to the audit log; the affected person is told by e-mail and on their next visit.

import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { ModerationAction, ReportGroup } from "../../../domain/contracts/safety";
import { ERROR_CODES } from "../../../domain/error-codes";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import { longDateLabel } from "../../../domain/time-labels";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/client";
import { decodeCursor, keysetBefore, pageOf } from "../../db/keyset";
import { users } from "../../db/schema/auth";
import { chatMessages } from "../../db/schema/mail";
import { postComments, posts } from "../../db/schema/posts";
import { profiles } from "../../db/schema/profiles";
import { moderationActions, moderationNotices, reports } from "../../db/schema/safety";
import { AppError, badRequest } from "../../errors";
import { moderationMail } from "../../infra/mail-templates";
import { deleteSessionsOf } from "../auth/queries";
import { bumpPostCounter } from "../posts/queries";
import { removePostFromTimelines, writeToTimelines } from "../posts/timelines";
import { personColumns, toPersonSummary } from "../profiles/person";
import { isAdmin, isModerator } from "./standing";
import { resolveTarget } from "./targets";

type Deps = Pick<AppContext, "db" | "outbox" | "config" | "log">;
const DAY_MS = 24 * 3600 * 1000;

/** Everyone but moderators gets 404: the queue does not exist for them. */
export async function requireModerator(deps: Deps, viewerId: string): Promise<void> {
  if (!(await isModerator(deps, viewerId)))
    throw new AppError(404, ERROR_CODES.notFound, "Not found");
}

interface GroupKey {
  target_type: ReportTarget;
  target_id: string;
  target_user_id: string;
  report_count: number | string;
  latest_at: Date | string;
}

export async function reportQueue(
  deps: Deps,
  {
    status,
    limit,
    cursor,
  }: { status: "open" | "closed"; limit: number; cursor?: string | undefined },
): Promise<{ items: ReportGroup[]; nextCursor: string | null }> {
  const latest = status === "open" ? sql`max(created_at)` : sql`max(resolved_at)`;
  const after = keysetBefore(
    { at: latest, id: sql`target_id`, idType: "text" },
    decodeCursor(cursor),
  );
  const keys = await queryRows<GroupKey>(
    deps.db,
    sql`select target_type, target_id, target_user_id, count(*) as report_count, ${latest} as latest_at
      from reports where status = ${status}
      group by target_type, target_id, target_user_id
      ${after ? sql`having ${after}` : sql``}
      order by latest_at desc, target_id desc
      limit ${limit + 1}`,
  );
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({
    at: new Date(k.latest_at),
    id: k.target_id,
  }));
  const items: ReportGroup[] = [];
  for (const key of page) items.push(await presentGroup(deps, key, status));
  return { items, nextCursor };
}

async function presentGroup(deps: Deps, key: GroupKey, status: string): Promise<ReportGroup> {
  const where = and(
    eq(reports.targetType, key.target_type),
    eq(reports.targetId, key.target_id),
    eq(reports.status, status),
  );
  const reasons = await deps.db
    .select({ reason: reports.reason, count: sql<number>`count(*)::int` })
    .from(reports)
    .where(where)
    .groupBy(reports.reason)
    .orderBy(desc(sql`count(*)`));
  const newest = await deps.db
    .select({ report: reports, reporter: personColumns })
    .from(reports)
    .innerJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(where)
    .orderBy(desc(reports.createdAt))
    .limit(10);
  const [owner] = await deps.db
    .select({
      ...personColumns,
      restrictedUntil: profiles.restrictedUntil,
      suspendedAt: profiles.suspendedAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, key.target_user_id));
  const content = await resolveTarget(deps.db, key.target_type, key.target_id);
  if (!owner) throw new AppError(404, ERROR_CODES.notFound, "Not found");
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
    days?: number | undefined;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const target = await resolveTarget(deps.db, input.targetType, input.targetId);
  if (!target) throw new AppError(404, ERROR_CODES.notFound, "That is no longer available.");
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
    if (action === "remove" || (action === "restore" && targetType !== "profile")) {
      const removing = action === "remove";
      if (targetType === "post") {
        const [row] = await tx
          .update(posts)
          .set(removing ? { deletedAt: now, removedAt: now } : { deletedAt: null, removedAt: null })
          .where(
            and(
              eq(posts.id, targetId),
              removing ? sql`${posts.removedAt} is null` : isNotNull(posts.removedAt),
            ),
          )
          .returning({ id: posts.id });
        if (row && removing) {
          await removePostFromTimelines(tx, { postId: targetId, authorId: userId });
          fx.publish({ type: "post.deleted", authorId: userId, postId: targetId });
        }
        // Followers who came while it was removed did not get it in their timelines.
        if (row && !removing) await writeToTimelines(tx, { postId: targetId, authorId: userId });
      } else if (targetType === "comment") {
        const [row] = await tx
          .update(postComments)
          .set(removing ? { deletedAt: now, removedAt: now } : { deletedAt: null, removedAt: null })
          .where(
            and(
              eq(postComments.id, targetId),
              removing ? sql`${postComments.deletedAt} is null` : isNotNull(postComments.removedAt),
            ),
          )
          .returning({ postId: postComments.postId });
        if (row) {
          const counter = await bumpPostCounter(tx, row.postId, "comments", removing ? -1 : 1);
          fx.publish({
            type: "post.counted",
            postId: row.postId,
            commentsCount: counter?.count ?? 0,
          });
        }
      } else if (targetType === "message") {
        await tx
          .update(chatMessages)
          .set({ removedAt: removing ? now : null })
          .where(eq(chatMessages.id, targetId));
      }
    }
    if (action === "restrict") {
      await tx.update(profiles).set({ restrictedUntil: until }).where(eq(profiles.userId, userId));
    }
    if (action === "suspend") {
      await tx.update(profiles).set({ suspendedAt: now }).where(eq(profiles.userId, userId));
      await deleteSessionsOf(tx, userId);
      fx.publish({ type: "session.ended", userId });
      fx.publish({ type: "account.suspended", userId });
    }
    if (action === "restore" && targetType === "profile") {
      await tx
        .update(profiles)
        .set({ restrictedUntil: null, suspendedAt: null })
        .where(eq(profiles.userId, userId));
      fx.publish({ type: "profile.changed", userId });
    }
    await tx
      .update(reports)
      .set({ status: "closed", resolution: action, resolvedAt: now })
      .where(
        and(
          eq(reports.targetType, targetType),
          eq(reports.targetId, targetId),
          eq(reports.status, "open"),
        ),
      );
    await tx.insert(moderationActions).values({
      moderatorId: input.moderatorId,
      action,
      targetType,
      targetId,
      targetUserId: userId,
      reason: input.reason,
      until,
      createdAt: now,
    });
    if (!text) return;
    await tx.insert(moderationNotices).values({ userId, text, createdAt: now });
    const [person] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (person) {
      fx.mail(
        moderationMail({
          siteName: deps.config.siteName,
          to: person.email,
          text,
          link: deps.config.publicUrl,
        }),
      );
    }
  });
}

export async function auditLog(
  deps: Deps,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
) {
  const after = keysetBefore(
    { at: moderationActions.createdAt, id: moderationActions.id, idType: "uuid" },
    decodeCursor(cursor),
  );
  const rows = await deps.db
    .select({ entry: moderationActions, moderator: personColumns })
    .from(moderationActions)
    .innerJoin(profiles, eq(profiles.userId, moderationActions.moderatorId))
    .where(after)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit, (r) => ({
    at: r.entry.createdAt,
    id: r.entry.id,
  }));
  const targetIds = [
    ...new Set(page.map((r) => r.entry.targetUserId).filter((id): id is string => id !== null)),
  ];
  const targets = targetIds.length
    ? await deps.db.select(personColumns).from(profiles).where(inArray(profiles.userId, targetIds))
    : [];
  const byId = new Map(targets.map((t) => [t.userId, toPersonSummary(t)]));
  return {
    items: page.map(({ entry, moderator }) => ({
      id: entry.id,
      moderator: toPersonSummary(moderator),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetUser: (entry.targetUserId && byId.get(entry.targetUserId)) || null,
      reason: entry.reason,
      until: entry.until?.toISOString() ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** Admins (ADMIN_EMAILS) make someone a moderator; 404 for everyone else. */
export async function grantModerator(
  deps: Deps,
  { adminId, email }: { adminId: string; email: string },
) {
  if (!(await isAdmin(deps, adminId))) throw new AppError(404, ERROR_CODES.notFound, "Not found");
  const [person] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!person) throw new AppError(404, ERROR_CODES.notFound, "No account uses that address.");
  await deps.db.update(profiles).set({ role: "moderator" }).where(eq(profiles.userId, person.id));
  await deps.db.insert(moderationActions).values({
    moderatorId: adminId,
    action: "grant_moderator",
    targetType: "profile",
    targetId: person.id,
    targetUserId: person.id,
    reason: "Granted the moderator role",
  });
}
