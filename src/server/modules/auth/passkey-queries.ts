// SQL of passkeys (docs/accounts.md "Passkeys"); their challenges are in db/challenges.ts.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema/auth";

export type PasskeyRow = typeof passkeys.$inferSelect;

export function passkeysOf(db: Db, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function passkeyByCredential(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return rows[0];
}

export async function insertPasskey(
  db: Db,
  row: typeof passkeys.$inferInsert,
): Promise<PasskeyRow> {
  const [inserted] = await db.insert(passkeys).values(row).returning();
  return inserted as PasskeyRow;
}

/** The number renamed: 0 when it is not the person's. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length;
}

/** The number removed: 0 when it is not the person's. */
export async function deletePasskey(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length;
}

export async function markPasskeyUsed(db: Db, id: string, counter: number, at: Date) {
  await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
}
