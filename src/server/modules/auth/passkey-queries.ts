// SQL of passkeys (docs/accounts.md "Passkeys") and of the single-use WebAuthn challenges, kept in
// the auth library's verifications table under a 'webauthn:' identifier.
import { and, asc, eq, gt, like, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys, verifications } from "../../db/schema/auth";

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

const challengeKey = (id: string) => `webauthn:${id}`;

export async function storeChallenge(
  db: Db,
  input: { id: string; value: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verifications).values({
    id: input.id,
    identifier: challengeKey(input.id),
    value: input.value,
    expiresAt: input.expiresAt,
  });
}

/** Takes a challenge out, once: its value, unless it is unknown, used or expired. Expired ones
 * (ceremonies begun and never finished) go at the same time. */
export async function takeChallenge(db: Db, id: string, now: Date): Promise<string | undefined> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, "webauthn:%"), lte(verifications.expiresAt, now)));
  const rows = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, challengeKey(id)), gt(verifications.expiresAt, now)))
    .returning({ value: verifications.value });
  return rows[0]?.value;
}
