// SQL of the answers kept for an Idempotency-Key (http/idempotency.ts; docs/mail.md "Sending
// once"): one row per person and key, written in the transaction of the work it answers.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type Db, queryRows } from "./client";
import { idempotencyKeys } from "./schema/idempotency";

export interface KeyRef {
  userId: string;
  key: string;
}

export interface KeptRow {
  fingerprint: string;
  status: number;
  response: unknown;
}

/** The answer kept for the key since `since`, or undefined. */
export async function findKeptAnswer(
  db: Db,
  { userId, key, since }: KeyRef & { since: Date },
): Promise<KeptRow | undefined> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, since),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Takes the key's lock until the transaction ends, or answers false at once when another
 * transaction holds it: every writer of a key takes it first, so one at a time works on it.
 */
export async function tryLockKey(tx: Db, { userId, key }: KeyRef): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`${userId}\n${key}`}, 0)) as locked`,
  );
  return row?.locked === true;
}

/** Keeps the answer; a row older than `since` (expired, not swept yet) is replaced. False when
 * the key holds a live answer (the primary key is the last guard). */
export async function insertKeptAnswer(
  tx: Db,
  row: KeyRef & KeptRow & { since: Date },
): Promise<boolean> {
  const kept = await queryRows<{ one: number }>(
    tx,
    sql`insert into ${idempotencyKeys} (user_id, key, fingerprint, status, response)
        values (${row.userId}, ${row.key}, ${row.fingerprint}, ${row.status},
          ${JSON.stringify(row.response)}::jsonb)
        on conflict (user_id, key) do update
          set fingerprint = excluded.fingerprint, status = excluded.status,
              response = excluded.response, created_at = now()
          where ${idempotencyKeys.createdAt} <= ${row.since}
        returning 1 as one`,
  );
  return kept.length > 0;
}

/** Replaces the answer kept for the key (the work's outcome changed after its commit). */
export async function updateKeptAnswer(
  db: Db,
  { userId, key, status, response }: KeyRef & { status: number; response: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Deletes the answers kept before `before`; how many. */
export async function deleteKeptAnswers(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
