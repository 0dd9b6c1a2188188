// SQL of the search budget (docs/search.md "Search budget"): when the searching account was made,
// which decides its ceilings.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";

/** When the account was made; null for an account that is gone. */
export async function accountCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.createdAt ?? null;
}
