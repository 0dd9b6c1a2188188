// A person's standing (docs/safety.md "Restrict", "Suspend"): moderators, the read-only
// restriction, and the notices moderation leaves them.

import { and, eq, isNull } from "drizzle-orm";
import type { Standing } from "../../../domain/contracts/safety";
import { longDateLabel } from "../../../domain/time-labels";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { profiles } from "../../db/schema/profiles";
import { moderationNotices } from "../../db/schema/safety";
import { AppError } from "../../errors";

export const RESTRICTED_CODE = "restricted";
export const SUSPENDED_CODE = "suspended";
export const SUSPENDED_MESSAGE = "This account has been suspended.";

export async function isSuspended(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: profiles.suspendedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return Boolean(row?.at);
}

export const restrictedMessage = (until: Date) =>
  `Your account is restricted until ${longDateLabel(until)}. You can read, but not post, comment, message or follow.`;

/** 403 while the person is restricted: posting, commenting, messaging and following wait. */
export async function requireUnrestricted(db: Db, userId: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ until: profiles.restrictedUntil })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (row?.until && row.until > now) {
    throw new AppError(403, RESTRICTED_CODE, restrictedMessage(row.until));
  }
}

/** Moderators: the addresses in ADMIN_EMAILS, and people an admin granted the role. */
export async function isModerator(
  deps: { db: Db; config: Pick<Config, "adminEmails"> },
  userId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ email: users.email, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return false;
  return row.role === "moderator" || deps.config.adminEmails.includes(row.email.toLowerCase());
}

export async function isAdmin(
  deps: { db: Db; config: Pick<Config, "adminEmails"> },
  userId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row !== undefined && deps.config.adminEmails.includes(row.email.toLowerCase());
}

export async function standingOf(
  deps: { db: Db; config: Pick<Config, "adminEmails"> },
  userId: string,
  now = new Date(),
): Promise<Standing> {
  const [row] = await deps.db
    .select({ until: profiles.restrictedUntil })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const notices = await deps.db
    .select({
      id: moderationNotices.id,
      text: moderationNotices.text,
      createdAt: moderationNotices.createdAt,
    })
    .from(moderationNotices)
    .where(and(eq(moderationNotices.userId, userId), isNull(moderationNotices.seenAt)))
    .orderBy(moderationNotices.createdAt)
    .limit(20);
  return {
    moderator: await isModerator(deps, userId),
    admin: await isAdmin(deps, userId),
    restrictedUntil: row?.until && row.until > now ? row.until.toISOString() : null,
    notices: notices.map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt.toISOString() })),
  };
}

export async function markNoticeSeen(db: Db, { userId, id }: { userId: string; id: string }) {
  await db
    .update(moderationNotices)
    .set({ seenAt: new Date() })
    .where(and(eq(moderationNotices.id, id), eq(moderationNotices.userId, userId)));
}
