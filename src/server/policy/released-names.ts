// A released username keeps leading to its former owner for 90 days (docs/usernames.md "The life
// of a name"): the profile lookup (modules/profiles) asks here; the username lifecycle
// (modules/usernames), above the features, writes and forgets the rows.
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { releasedUsernames } from "../db/schema/usernames";

/** The former owner of a released name whose redirect still runs. */
export async function redirectedOwner(
  db: Db,
  name: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: releasedUsernames.formerUserId })
    .from(releasedUsernames)
    .where(and(eq(releasedUsernames.name, name), gt(releasedUsernames.redirectUntil, now)));
  return row?.userId;
}
