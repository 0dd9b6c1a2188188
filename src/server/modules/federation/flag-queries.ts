// The SQL of reports that cross servers (docs/federation.md "Reports").
import { and, count, desc, eq, gte, lt, max, min, sql } from "drizzle-orm";
import type { YearRange } from "../../../domain/transparency";
import type { Db } from "../../db/client";
import { fedFlags } from "../../db/schema/federation";

export type FlagFields = Omit<typeof fedFlags.$inferInsert, "id" | "createdAt" | "status">;

/** Keeps a report unless its Flag is known; whether it was new. */
export async function insertFlag(db: Db, flag: FlagFields): Promise<boolean> {
  const rows = await db
    .insert(fedFlags)
    .values(flag)
    .onConflictDoNothing({ target: fedFlags.flagUri })
    .returning({ id: fedFlags.id });
  return rows.length > 0;
}

export async function flagByUri(db: Db, flagUri: string) {
  const [row] = await db.select().from(fedFlags).where(eq(fedFlags.flagUri, flagUri));
  return row;
}

/** The open reports, newest first. */
export function openFlags(db: Db, limit: number) {
  return db
    .select()
    .from(fedFlags)
    .where(eq(fedFlags.status, "open"))
    .orderBy(desc(fedFlags.createdAt))
    .limit(limit);
}

export async function closeFlag(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(fedFlags)
    .set({ status: "closed" })
    .where(sql`${fedFlags.id} = ${id} and ${fedFlags.status} = 'open'`)
    .returning({ id: fedFlags.id });
  return rows.length > 0;
}

/** Reports kept in the range, per direction: `in` from other servers, `out` by our people
 * (docs/safety.md "Transparency report"). */
export function flagsByDirection(db: Db, { from, to }: YearRange) {
  return db
    .select({ direction: fedFlags.direction, count: count() })
    .from(fedFlags)
    .where(and(gte(fedFlags.createdAt, from), lt(fedFlags.createdAt, to)))
    .groupBy(fedFlags.direction);
}

/** When the first and the latest report across servers was kept; nulls when none was. */
export async function flagSpan(db: Db) {
  const [row] = await db
    .select({ first: min(fedFlags.createdAt), last: max(fedFlags.createdAt) })
    .from(fedFlags);
  return { first: row?.first ?? null, last: row?.last ?? null };
}
