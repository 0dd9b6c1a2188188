// Who holds a role (docs/safety.md "Moderate"): admins are the addresses in ADMIN_EMAILS;
// moderators are admins and people an admin granted the role. The moderation tools do not exist
// for anyone else, so their refusal is 404 (policy/access.ts: 403 or 404); an admin-only step on
// something a moderator already sees is refused with 403 and its reason.
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users } from "../db/schema/auth";
import { profiles } from "../db/schema/profiles";
import { forbidden, notFound } from "../errors";

export type RoleDeps = { db: Db; config: Pick<Config, "adminEmails"> };

/** One read of a person's roles, and their restriction, which the standing shows beside them. */
export async function rolesOf(deps: RoleDeps, userId: string) {
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

/** Everyone but moderators gets 404: the queue does not exist for them. */
export async function requireModerator(deps: RoleDeps, userId: string): Promise<void> {
  if (!(await isModerator(deps, userId))) throw notFound();
}

/** The steps only an admin takes on what a moderator sees, and why anyone else is refused. */
const ADMIN_ONLY = {
  "badge.revoke": "Only an admin can revoke a mark.",
} as const;

/** Without `step`, 404 for everyone but admins (an admin's own tool); with it, 403 and the reason. */
export async function requireAdmin(
  deps: RoleDeps,
  userId: string,
  step?: keyof typeof ADMIN_ONLY,
): Promise<void> {
  if (await isAdmin(deps, userId)) return;
  throw step ? forbidden(ADMIN_ONLY[step]) : notFound();
}
