// The feed's SQL measured without HTTP: which readers to use (typical and "heavy", who follow
// thousands), the first page's keys (firstFeedKeys: the timeline's, the reposts' and those from
// elsewhere in one statement) + loadPosts timed in-process, and EXPLAIN (ANALYZE, BUFFERS) of the
// exact statement firstFeedKeys sends (captured through a Drizzle logger, so it follows src/).
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { FEED_PAGE_SIZE } from "../../src/domain/limits";
import type { Db } from "../../src/server/db/client";
import { firstFeedKeys } from "../../src/server/modules/federation/note-queries";
import { loadPosts } from "../../src/server/modules/posts/queries";

/** The first page's statement for its keys, as a feed read that misses the cache sends it. */
const firstKeys = async (db: Db, viewerId: string) =>
  (await firstFeedKeys(db, { viewerId, limit: FEED_PAGE_SIZE + 1 })).own;

/** Readers following at least `minFollowing` accounts (the seeder's 5,000-followee readers). */
export async function heavyReaders(pool: pg.Pool, count: number, minFollowing = 1_000) {
  const { rows } = await pool.query<{ id: string }>(
    `select user_id as id from profiles where following_count >= $2
     order by following_count desc, user_id limit $1`,
    [count, minFollowing],
  );
  return rows.map((r) => r.id);
}

/** A stable random sample of everyone else: their followees follow the seeded distribution. */
export async function typicalReaders(pool: pg.Pool, count: number, seed: number, below = 1_000) {
  const client = await pool.connect();
  try {
    await client.query("select setseed($1)", [seed]);
    const { rows } = await client.query<{ id: string }>(
      "select user_id as id from profiles where following_count < $2 order by random() limit $1",
      [count, below],
    );
    return rows.map((r) => r.id);
  } finally {
    client.release();
  }
}

export interface Timing {
  keysMs: number;
  hydrateMs: number;
  totalMs: number;
  posts: number;
}

/** First page for one reader, as the service builds it: the keys, then one hydration query. */
export async function timeFirstPage(db: Db, viewerId: string): Promise<Timing> {
  const t0 = performance.now();
  const keys = await firstKeys(db, viewerId);
  const t1 = performance.now();
  const ids = keys.slice(0, FEED_PAGE_SIZE).map((k) => k.id);
  const rows = await loadPosts(db, ids);
  const t2 = performance.now();
  return { keysMs: t1 - t0, hydrateMs: t2 - t1, totalMs: t2 - t0, posts: rows.length };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the first statement `run` sends through Drizzle. */
export async function explainFirstStatement(
  pool: pg.Pool,
  run: (db: Db) => Promise<unknown>,
): Promise<string[]> {
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    logger: { logQuery: (query, params) => void captured.push({ query, params }) },
  }) as unknown as Db;
  await run(db);
  const statement = captured[0];
  if (!statement) throw new Error("no query was sent");
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(
    `explain (analyze, buffers) ${statement.query}`,
    statement.params,
  );
  return rows.map((r) => r["QUERY PLAN"]);
}

/** The plan of the statement firstFeedKeys sends for this reader's first page. */
export const explainFeed = (pool: pg.Pool, viewerId: string) =>
  explainFirstStatement(pool, (db) => firstKeys(db, viewerId));

/** The plan of the hydration of this reader's first page. */
export async function explainHydration(pool: pg.Pool, viewerId: string) {
  const db = drizzle({ client: pool }) as unknown as Db;
  const ids = (await firstKeys(db, viewerId)).map((k) => k.id);
  return explainFirstStatement(pool, (captured) =>
    loadPosts(captured, ids.slice(0, FEED_PAGE_SIZE)),
  );
}

/** The plan's nodes with their timings, without the per-node detail lines. */
export function condensePlan(lines: string[]): string[] {
  return lines.filter(
    (line) =>
      /->|^\S|SubPlan|Buffers|Execution Time|Planning Time|Index Cond/.test(line) &&
      !/^\s*(Sort Key|Output):/.test(line),
  );
}
