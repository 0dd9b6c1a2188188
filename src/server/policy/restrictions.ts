// Whether a person may sign in and write (docs/safety.md "Moderate": restrict, suspend): a
// suspended person cannot sign in; a restricted one reads but does not post, comment, message or
// follow. Moderation sets both (modules/safety/moderation.ts); roles, notices and the standing a
// person is shown are in modules/safety/standing.ts.
import { eq, type SQL, sql } from "drizzle-orm";
import { longDateLabel } from "../../domain/time-labels";
import type { Db } from "../db/client";
import { preparedPer } from "../db/prepared";
import { profiles } from "../db/schema/profiles";
import { AppError } from "../errors";

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
  const [row] = await restrictionOf(db).execute({ userId });
  refuseRestricted(row?.until ?? null, now);
}

/** Read before every post and comment (a message reads `restrictionEndSql` in its one read): a
 * hot read (db/prepared.ts), so it does not wait for the connections the writes hold
 * (docs/performance.md "postgres.js's queue"). */
const restrictionOf = preparedPer((db: Db) =>
  db
    .select({ until: profiles.restrictedUntil })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .prepare("restriction_of"),
);

/** The end of the person's restriction (null: none), for a statement that reads it with other
 * things; `refuseRestricted` decides on it. */
export const restrictionEndSql = (userId: string): SQL =>
  sql`(select p.restricted_until from profiles p where p.user_id = ${userId})`;

/** requireUnrestricted on a restriction read with other things in one statement. */
export function refuseRestricted(until: Date | null, now = new Date()): void {
  if (until && until > now) throw new AppError(403, RESTRICTED_CODE, restrictedMessage(until));
}
