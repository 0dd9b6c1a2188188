// The SQL of the library's key-value store and delivery queue (docs/federation.md "Storage"):
// plain rows, so the embedded database and PostgreSQL behave alike. A queue claim is one
// statement like the outbox's: due rows taken with FOR UPDATE SKIP LOCKED and leased by moving
// `available_at` forward; a message with an ordering key is due only when no earlier message with
// that key is still queued.
import { and, eq, gt, isNull, like, or, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { fedKv, fedQueue } from "../../db/schema/federation";

const live = or(isNull(fedKv.expiresAt), gt(fedKv.expiresAt, sql`now()`));

/** Read for every signed request (its key) and every activity (its id): a hot read
 * (db/prepared.ts). */
const kvValue = preparedPer((db) =>
  db
    .select({ value: fedKv.value })
    .from(fedKv)
    .where(and(eq(fedKv.key, sql.placeholder("key")), live))
    .prepare("fed_kv_get"),
);

export async function kvGet(db: Db, key: string): Promise<unknown> {
  const [row] = await kvValue(db).execute({ key });
  return row?.value;
}

/** Written once for every activity (its id, once it is processed): a hot statement
 * (db/prepared.ts). A null `secs` keeps the entry until it is deleted. */
const kvPut = preparedPer((db) =>
  db
    .insert(fedKv)
    .values({
      key: sql.placeholder("key"),
      value: sql`${sql.placeholder("value")}::jsonb`,
      expiresAt: sql`now() + make_interval(secs => ${sql.placeholder("secs")}::float8)`,
    })
    .onConflictDoUpdate({
      target: fedKv.key,
      set: { value: sql`excluded.value`, expiresAt: sql`excluded.expires_at` },
    })
    .prepare("fed_kv_set"),
);

export async function kvSet(
  db: Db,
  { key, value, ttlMs }: { key: string; value: unknown; ttlMs: number | null },
): Promise<void> {
  await kvPut(db).execute({
    key,
    value: JSON.stringify(value),
    secs: ttlMs === null ? null : ttlMs / 1000,
  });
}

export async function kvDelete(db: Db, key: string): Promise<void> {
  await db.delete(fedKv).where(eq(fedKv.key, key));
}

/** Sets `key` to `next` only while it holds `expected` (absent: `undefined`); whether it did. */
export async function kvCompareAndSet(
  db: Db,
  {
    key,
    expected,
    next,
    ttlMs,
  }: { key: string; expected: unknown; next: unknown; ttlMs: number | null },
): Promise<boolean> {
  const expiresAt =
    ttlMs === null ? sql`null` : sql`now() + make_interval(secs => ${ttlMs / 1000})`;
  const value = JSON.stringify(next);
  const rows =
    expected === undefined
      ? await queryRows<{ key: string }>(
          db,
          sql`insert into fed_kv (key, value, expires_at) values (${key}, ${value}::jsonb, ${expiresAt})
              on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
                where fed_kv.expires_at is not null and fed_kv.expires_at <= now()
              returning key`,
        )
      : await queryRows<{ key: string }>(
          db,
          sql`update fed_kv set value = ${value}::jsonb, expires_at = ${expiresAt}
              where key = ${key} and value = ${JSON.stringify(expected)}::jsonb
                and (expires_at is null or expires_at > now())
              returning key`,
        );
  return rows.length > 0;
}

/** Live entries whose key starts with `prefix` (the JSON of the key's first parts, open at the
 * end). */
export function kvList(db: Db, prefix: string) {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ key: fedKv.key, value: fedKv.value })
    .from(fedKv)
    .where(and(like(fedKv.key, `${escaped}%`), live));
}

export async function kvSweep(db: Db): Promise<number> {
  const rows = await db
    .delete(fedKv)
    .where(sql`${fedKv.expiresAt} <= now()`)
    .returning({ key: fedKv.key });
  return rows.length;
}

export async function enqueueMessages(
  db: Db,
  messages: readonly unknown[],
  { delayMs, orderingKey }: { delayMs: number; orderingKey: string | null },
): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(fedQueue).values(
    messages.map((message) => ({
      message,
      orderingKey,
      availableAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })),
  );
}

export interface QueuedMessage {
  id: number;
  message: unknown;
}

/** Leases up to `limit` due messages for `leaseMs`, oldest first. */
export function claimQueued(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<QueuedMessage[]> {
  return queryRows<QueuedMessage>(
    db,
    sql`update fed_queue set attempts = attempts + 1,
          available_at = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select q.id from fed_queue q
          where q.available_at <= now() + interval '1 millisecond'
            and (q.ordering_key is null or not exists (
              select 1 from fed_queue e where e.ordering_key = q.ordering_key and e.id < q.id))
          order by q.available_at, q.id
          limit ${limit}
          for update skip locked)
        returning id, message`,
  );
}

export async function removeQueued(db: Db, id: number): Promise<void> {
  await db.delete(fedQueue).where(eq(fedQueue.id, id));
}

export async function queueDepth(db: Db): Promise<{ queued: number; ready: number }> {
  const [row] = await queryRows<{ queued: number; ready: number }>(
    db,
    sql`select count(*)::int as queued,
          (count(*) filter (where available_at <= now()))::int as ready
        from fed_queue`,
  );
  return row ?? { queued: 0, ready: 0 };
}
