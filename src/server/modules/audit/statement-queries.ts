// The moderators' statement per year (db/schema/audit.ts transparency_statements:
// docs/safety.md "Transparency report").
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transparencyStatements } from "../../db/schema/audit";

export async function statementRow(db: Db, year: number) {
  const [row] = await db
    .select({ text: transparencyStatements.text, updatedAt: transparencyStatements.updatedAt })
    .from(transparencyStatements)
    .where(eq(transparencyStatements.year, year));
  return row ?? null;
}

/** Writes the year's statement unless it already reads so; whether it changed. */
export async function upsertStatement(
  tx: Db,
  row: { year: number; text: string; updatedBy: string; updatedAt: Date },
): Promise<boolean> {
  const written = await tx
    .insert(transparencyStatements)
    .values(row)
    .onConflictDoUpdate({
      target: transparencyStatements.year,
      set: { text: row.text, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
      setWhere: sql`${transparencyStatements.text} is distinct from excluded.text`,
    })
    .returning({ year: transparencyStatements.year });
  return written.length > 0;
}

/** Removes the year's statement; whether there was one. */
export async function deleteStatement(tx: Db, year: number): Promise<boolean> {
  const deleted = await tx
    .delete(transparencyStatements)
    .where(eq(transparencyStatements.year, year))
    .returning({ year: transparencyStatements.year });
  return deleted.length > 0;
}
