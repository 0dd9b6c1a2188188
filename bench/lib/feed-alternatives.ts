// Two changes to the feed statement, measured on the seeded data without touching src/:
//  A. the per-followee subquery ordered `desc nulls last`, as posts_user_live_idx is declared
//     (Drizzle's .desc() is DESC NULLS LAST, while a plain `desc` means NULLS FIRST, so today
//     every followee's live posts are all read and sorted instead of the first 21 in index order);
//  B. for readers who follow thousands: walk all live posts newest first through the index
//     posts_live_created_idx (created_at desc, id desc where deleted_at is null), keeping those whose author is in
//     the reader's followee set (a hashed subplan), until 21 are found.
import type pg from "pg";
import { condensePlan } from "./feed-query";

const PAGE = 21;

const perFolloweeNullsLast = `select p.id, p.created_at
  from (select following_id as uid from followers where follower_id = $1 union all select $1) f
  cross join lateral (
    select p.id, p.created_at from posts p
    where p.user_id = f.uid and p.deleted_at is null
    order by p.created_at desc nulls last, p.id desc nulls last
    limit ${PAGE}
  ) p
  order by p.created_at desc, p.id desc
  limit ${PAGE}`;

const newestFirstScan = `select p.id, p.created_at from posts p
  where p.deleted_at is null
    and (p.user_id = $1
         or p.user_id in (select following_id from followers where follower_id = $1))
  order by p.created_at desc, p.id desc
  limit ${PAGE}`;

const executionMs = (plan: string[]) =>
  Number(/Execution Time: ([\d.]+)/.exec(plan.join("\n"))?.[1] ?? Number.NaN);

/** Runs each statement `repeat` times per reader (the last run is kept) and prints the plans. */
export async function explainAlternatives(
  pool: pg.Pool,
  readers: { label: string; id: string }[],
  repeat = 3,
): Promise<void> {
  const client = await pool.connect();
  const explain = async (statement: string, reader: string) => {
    let plan: string[] = [];
    for (let i = 0; i < repeat; i++) {
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `explain (analyze, buffers) ${statement}`,
        [reader],
      );
      plan = rows.map((r) => r["QUERY PLAN"]);
    }
    return plan;
  };
  try {
    for (const { label, id } of readers) {
      const plan = await explain(perFolloweeNullsLast, id);
      console.log(`\nA. per followee, "desc nulls last", ${label}: ${executionMs(plan)} ms`);
      console.log(condensePlan(plan).slice(-8).join("\n"));
    }
    // B reads posts_live_created_idx, which the schema has had since people to follow needed it.
    for (const { label, id } of readers) {
      const plan = await explain(newestFirstScan, id);
      console.log(`B. newest-first scan, ${label}: ${executionMs(plan)} ms`);
      console.log(condensePlan(plan).join("\n"));
    }
  } finally {
    client.release();
  }
}
