// SQL of how a person reads posts (docs/feed.md "Content warnings"): one row per person once they
// change a default; no row reads as the defaults.
import { eq } from "drizzle-orm";
import type { ReadingSettings } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import { readingSettings } from "../../db/schema/posts";

const READING_DEFAULTS: ReadingSettings = { expandContentWarnings: false };

export async function readingSettingsOf(db: Db, userId: string): Promise<ReadingSettings> {
  const [row] = await db
    .select({ expandContentWarnings: readingSettings.expandContentWarnings })
    .from(readingSettings)
    .where(eq(readingSettings.userId, userId));
  return row ?? READING_DEFAULTS;
}

/** Writes the person's settings (the row made on the first change); what they are now. */
export async function saveReadingSettings(
  db: Db,
  { userId, settings }: { userId: string; settings: ReadingSettings },
): Promise<ReadingSettings> {
  const [row] = await db
    .insert(readingSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: readingSettings.userId, set: settings })
    .returning({ expandContentWarnings: readingSettings.expandContentWarnings });
  return row ?? settings;
}
