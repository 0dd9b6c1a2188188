// SQL of a person's 'Who can message me' (docs/mail.md "Who can be written to"), a column of their
// mail_preferences row: no row reads as everyone.
import { eq } from "drizzle-orm";
import type { MailSettings } from "../../../domain/contracts/mail";
import type { Db } from "../../db/client";
import { mailPreferences } from "../../db/schema/mail";

export async function mailSettingsOf(db: Db, userId: string): Promise<MailSettings> {
  const [row] = await db
    .select({ whoCanMessage: mailPreferences.whoCanMessage })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  return row ?? { whoCanMessage: "everyone" };
}

/** Writes the person's settings (the row made on the first change); what they are now. */
export async function saveMailSettings(
  db: Db,
  { userId, settings }: { userId: string; settings: MailSettings },
): Promise<MailSettings> {
  const [row] = await db
    .insert(mailPreferences)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: settings })
    .returning({ whoCanMessage: mailPreferences.whoCanMessage });
  return row ?? settings;
}
