// SQL for the 'E-mails from us' switches, kept in mail_preferences (docs/accounts.md "E-mails from
// us"); no row means every switch on.
import { eq } from "drizzle-orm";
import type { EmailPreferences } from "../../../domain/contracts/email-preferences";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { mailPreferences } from "../../db/schema/mail";

const columns = {
  newFollowers: mailPreferences.emailNewFollowers,
  postActivity: mailPreferences.emailPostActivity,
  messages: mailPreferences.emailNotifications,
};

const DEFAULTS: EmailPreferences = { newFollowers: true, postActivity: true, messages: true };

export async function readEmailPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const [row] = await db
    .select(columns)
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULTS;
}

/** Writes the switches given; the others keep their value (or their default, for a new row). */
export async function writeEmailPreferences(
  db: Db,
  { userId, patch }: { userId: string; patch: Partial<EmailPreferences> },
): Promise<void> {
  const set = {
    ...(patch.newFollowers === undefined ? {} : { emailNewFollowers: patch.newFollowers }),
    ...(patch.postActivity === undefined ? {} : { emailPostActivity: patch.postActivity }),
    ...(patch.messages === undefined ? {} : { emailNotifications: patch.messages }),
  };
  await db
    .insert(mailPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: mailPreferences.userId, set });
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}
