// SQL for the muted_words table (db/schema/safety.ts, docs/safety.md "Muted words"): a person's
// entries, each read and changed only where it is theirs. The read that applies them is
// policy/muted-words.ts.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { MutedWordContext, MutedWordDuration } from "../../../domain/muted-words";
import type { Db } from "../../db/client";
import { mutedWords } from "../../db/schema/safety";

export type MutedWordRow = typeof mutedWords.$inferSelect;

interface Owned {
  userId: string;
  id: string;
}

export function listMutedWordRows(db: Db, userId: string): Promise<MutedWordRow[]> {
  return db
    .select()
    .from(mutedWords)
    .where(eq(mutedWords.userId, userId))
    .orderBy(desc(mutedWords.createdAt), desc(mutedWords.id));
}

export async function findMutedWordRow(db: Db, { userId, id }: Owned) {
  const [row] = await db
    .select()
    .from(mutedWords)
    .where(and(eq(mutedWords.id, id), eq(mutedWords.userId, userId)));
  return row;
}

/** Holds the person's list until the transaction ends, so two entries added at once are counted
 * one after the other. */
export async function lockMutedWordsOf(tx: Db, userId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`muted_words:${userId}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(mutedWords)
    .where(eq(mutedWords.userId, userId));
  return row?.n ?? 0;
}

/** The new row, or undefined when the person already has an entry with this key. */
export async function insertMutedWordRow(
  tx: Db,
  row: {
    userId: string;
    text: string;
    key: string;
    contexts: MutedWordContext[];
    duration: MutedWordDuration;
    expiresAt: Date | null;
    createdAt: Date;
  },
) {
  const [inserted] = await tx.insert(mutedWords).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateMutedWordRow(
  db: Db,
  {
    userId,
    id,
    ...change
  }: Owned & {
    contexts?: MutedWordContext[];
    duration?: MutedWordDuration;
    expiresAt?: Date | null;
  },
) {
  const [row] = await db
    .update(mutedWords)
    .set(change)
    .where(and(eq(mutedWords.id, id), eq(mutedWords.userId, userId)))
    .returning();
  return row;
}

export async function deleteMutedWordRow(db: Db, { userId, id }: Owned) {
  await db.delete(mutedWords).where(and(eq(mutedWords.id, id), eq(mutedWords.userId, userId)));
}
