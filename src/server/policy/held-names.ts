// Names held back after an account was deleted (docs/accounts.md "Deleting the account"): for 90
// days nobody may register one as a default handle, buy it as a username, or receive mail at it.
// Registration (modules/profiles), the username market (modules/usernames) and inbound mail
// (modules/mail) ask here; account deletion writes the holds and its scheduled job releases them.
import { and, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { heldNames } from "../db/schema/held-names";

/** How long a deleted account's names are held back. */
export const NAME_HOLD_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const holdEndsAt = (now: Date) => new Date(now.getTime() + NAME_HOLD_DAYS * DAY_MS);

/** Whether `name` (compared lower-cased) is held back at `now`. */
export async function isNameHeld(db: Db, name: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ name: heldNames.name })
    .from(heldNames)
    .where(and(eq(heldNames.name, name.toLowerCase()), gt(heldNames.heldUntil, now)))
    .limit(1);
  return rows.length > 0;
}

/** A condition that `name` (compared lower-cased) is not held back at `now`, for a query that
 * reads the name's owner in the same statement. */
export const nameNotHeld = (name: string, now = new Date()): SQL =>
  sql`not exists (select 1 from ${heldNames} where ${heldNames.name} = ${name.toLowerCase()} and ${heldNames.heldUntil} > ${now})`;

/** Holds these names until `until`; a name held already keeps the later of the two ends. */
export async function holdNames(db: Db, names: string[], until: Date): Promise<void> {
  const unique = [...new Set(names.map((name) => name.toLowerCase()))];
  if (unique.length === 0) return;
  await db
    .insert(heldNames)
    .values(unique.map((name) => ({ name, heldUntil: until })))
    .onConflictDoUpdate({
      target: heldNames.name,
      set: { heldUntil: sql`greatest(${heldNames.heldUntil}, excluded.held_until)` },
    });
}

/** Ends the holds that ran out by `now`; the names released. */
export async function releaseHeldNames(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .delete(heldNames)
    .where(lte(heldNames.heldUntil, now))
    .returning({ name: heldNames.name });
  return rows.map((row) => row.name);
}
