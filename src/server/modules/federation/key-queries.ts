// The SQL of the actors' signing keys (docs/federation.md "Keys").
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fedKeys } from "../../db/schema/federation";

export type KeyRow = typeof fedKeys.$inferSelect;

export async function findKeys(db: Db, owner: string): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(fedKeys).where(eq(fedKeys.owner, owner));
  return row;
}

export async function hasKeys(db: Db, owner: string): Promise<boolean> {
  const [row] = await db
    .select({ owner: fedKeys.owner })
    .from(fedKeys)
    .where(eq(fedKeys.owner, owner));
  return row !== undefined;
}

/** Stores a key set unless the owner has one already (two first requests race); the stored one. */
export async function insertKeys(db: Db, row: typeof fedKeys.$inferInsert): Promise<KeyRow> {
  await db.insert(fedKeys).values(row).onConflictDoNothing();
  const stored = await findKeys(db, row.owner);
  if (!stored) throw new Error(`keys of ${row.owner} were not stored`);
  return stored;
}
