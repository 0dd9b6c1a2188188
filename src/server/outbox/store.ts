// The outbox's SQL (docs/outbox.md). A claim is one statement: it picks due rows with
// FOR UPDATE SKIP LOCKED, so instances draining at once never take the same row, and leases them
// by moving `available_at` forward; a worker that dies mid-delivery leaves the row to be claimed
// again once its lease runs out (at-least-once).
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { outbox } from "../db/schema/outbox";
import type { OutboxMessage } from "./messages";

export interface OutboxRow {
  id: number;
  topic: OutboxMessage["topic"];
  payload: unknown;
  attempts: number;
}

type MessageRows = { message: OutboxMessage; delayMs: number; leased?: boolean }[];

/** The insert of `messages`, returning their ids in the order given. A message `leased` is
 * written as a claim leaves a row: its first attempt counted, due only once `delayMs` (the
 * lease) has passed, so no worker takes it while the writer delivers it. */
const insertOf = (db: Db, messages: MessageRows) =>
  db
    .insert(outbox)
    .values(
      messages.map(({ message, delayMs, leased }) => ({
        topic: message.topic,
        payload: message.payload,
        availableAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
        attempts: leased ? 1 : 0,
      })),
    )
    .returning({ id: outbox.id });

/** Writes messages in the caller's transaction; ids in the order given. */
export async function insertMessages(db: Db, messages: MessageRows): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await insertOf(db, messages);
  return rows.map((row) => row.id);
}

/** `insertMessages` as SQL, for a statement that writes them with its change (a CTE's body
 * returning `id`: outbox.ts `runStatement`). */
export const insertMessagesSql = (db: Db, messages: MessageRows): SQL =>
  insertOf(db, messages).getSQL();

/** Leases up to `limit` due rows for `leaseMs`. `available_at` keeps milliseconds, rounded, so a
 * row written due now can read up to half a millisecond ahead of a claim right after its commit
 * (the worker kicked by a background row): a row due within the next millisecond counts as due. */
export function claimDue(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    db,
    sql`update outbox set attempts = attempts + 1,
          available_at = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from outbox
          where failed_at is null and available_at <= now() + interval '1 millisecond'
          order by available_at, id
          limit ${limit}
          for update skip locked)
        returning id, topic, payload, attempts`,
  );
}

/** Delivered: the row is gone. */
export async function removeMessages(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(outbox).where(inArray(outbox.id, ids));
}

/** Not delivered: try again after `delayMs`, or give up (`failed`) and keep the row. */
export async function settleFailure(
  db: Db,
  { id, error, delayMs, failed }: { id: number; error: string; delayMs: number; failed: boolean },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 2000),
      availableAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      ...(failed ? { failedAt: sql`now()` } : {}),
    })
    .where(and(eq(outbox.id, id), isNull(outbox.failedAt)));
}

/** Rows waiting (pending) and given up on (failed), for the /metrics gauge. */
export async function countMessages(db: Db): Promise<{ pending: number; failed: number }> {
  const [row] = await queryRows<{ pending: number; failed: number }>(
    db,
    sql`select count(*) filter (where failed_at is null)::int as pending, count(*) filter (where failed_at is not null)::int as failed from outbox`,
  );
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}
