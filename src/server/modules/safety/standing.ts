// A person's standing (docs/safety.md "Moderate"): moderators, the read-only restriction, and the
// notices moderation leaves them. Whether a restricted or suspended person may write or sign in is
// a read rule: src/server/policy/standing.ts.

import { and, eq, isNull } from "drizzle-orm";
import type { Standing } from "../../../domain/contracts/safety";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { profiles } from "../../db/schema/profiles";
import { moderationNotices } from "../../db/schema/safety";

type RoleDeps = { db: Db; config: Pick<Config, "adminEmails"> };

/**
 * One read of a person's roles: admins are the addresses in ADMIN_EMAILS; moderators are admins
 * and people an admin granted the role.
 */
async function rolesOf(deps: RoleDeps, userId: string) {
  const [row] = await deps.db
    .select({ email: users.email, role: profiles.role, until: profiles.restrictedUntil })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  const admin = row !== undefined && deps.config.adminEmails.includes(row.email.toLowerCase());
  return {
    admin,
    moderator: admin || row?.role === "moderator",
    restrictedUntil: row?.until ?? null,
  };
}

export async function isModerator(deps: RoleDeps, userId: string): Promise<boolean> {
  return (await rolesOf(deps, userId)).moderator;
}

export async function isAdmin(deps: RoleDeps, userId: string): Promise<boolean> {
  return (await rolesOf(deps, userId)).admin;
}

export async function standingOf(
  deps: RoleDeps,
  userId: string,
  now = new Date(),
): Promise<Standing> {
  const { admin, moderator, restrictedUntil } = await rolesOf(deps, userId);
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
    moderator,
    admin,
    restrictedUntil:
      restrictedUntil && restrictedUntil > now ? restrictedUntil.toISOString() : null,
    notices: notices.map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt.toISOString() })),
  };
}

export async function markNoticeSeen(db: Db, { userId, id }: { userId: string; id: string }) {
  await db
    .update(moderationNotices)
    .set({ seenAt: new Date() })
    .where(and(eq(moderationNotices.id, id), eq(moderationNotices.userId, userId)));
}
