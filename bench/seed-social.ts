// Seeds the benchmark database: 100,000 users with profiles (varied full names, unique default
// handles derived from their e-mail like sign-up does, chtcht e-mail, ~3% with a reserved
// username) and 1,000,000 follows (power-law popularity, ~20% followed back, unique pairs, no
// self-follows), then sets the counters with one UPDATE from aggregated counts and VACUUM ANALYZE.
// Rows go in as multi-row INSERTs of 5,000 rows built with unnest($1::text[], …).
//   node --import tsx bench/seed-social.ts            (recreates the `bench_social` database)
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/seed-social.ts   (uses that database)
//   options: USERS=100000 FOLLOWS=1000000 SEED=42;  --drop drops bench_social and exits
import { loadavg } from "node:os";
import {
  benchDatabaseUrl,
  DEFAULT_DB_NAME,
  dropDefaultDatabase,
  openBulkLoad,
  postgresVersion,
} from "./lib/bench-db";
import {
  generatePeople,
  inBatches as inSlices,
  insertPeople,
  phaseTimer,
  updateFollowCounters,
} from "./lib/seed-people";
import { random, shuffle } from "./lib/stats";

const USERS = Number(process.env.USERS ?? 100_000);
const FOLLOWS = Number(process.env.FOLLOWS ?? 1_000_000);
const SEED = Number(process.env.SEED ?? 42);
const BATCH = 5_000;
const WRITERS = 2;
const FOLLOW_BACK = 0.2;
const DAY_S = 86_400;

const { phase, total } = phaseTimer();

const { url, explicit } = benchDatabaseUrl();
if (process.argv.includes("--drop")) {
  await dropDefaultDatabase();
  console.log("dropped bench_social");
  process.exit(0);
}
const pool = await openBulkLoad({
  url,
  recreate: explicit ? null : DEFAULT_DB_NAME,
  envName: "BENCH_DATABASE_URL",
  writers: WRITERS,
});
const load = loadavg()[0]?.toFixed(1);
console.log(`database ${url.replace(/:[^:@/]*@/, ":***@")}; load average ${load}`);
console.log(await postgresVersion(pool));
phase("create + migrate", explicit ? "(BENCH_DATABASE_URL)" : "(recreated bench_social)");

// ---- people -----------------------------------------------------------------------------------
const next = random(SEED);
const people = generatePeople(USERS, next);
const { ids } = people;
phase(
  "generate people",
  `${USERS} users, ${people.usernames.filter(Boolean).length} reserved usernames`,
);

const inBatches = (total: number, insert: (from: number, to: number) => Promise<unknown>) =>
  inSlices(total, BATCH, WRITERS, insert);

await insertPeople(pool, people, BATCH, WRITERS);
phase("insert users + profiles", `${USERS} + ${USERS} rows`);

// ---- follows ----------------------------------------------------------------------------------
// Popularity rank r is drawn as N·u³ (a few accounts get tens of thousands of followers, most get
// a handful); activity rank as N·u^1.5 (some people follow hundreds). Ranks map to shuffled users.
const popular = shuffle(
  Array.from({ length: USERS }, (_, i) => i),
  next,
);
const active = shuffle(
  Array.from({ length: USERS }, (_, i) => i),
  next,
);
const pairs = new Set<number>();
const keys = new Float64Array(FOLLOWS);
let count = 0;
const add = (a: number, b: number) => {
  const key = a * USERS + b;
  if (a === b || pairs.has(key) || count >= FOLLOWS) return false;
  pairs.add(key);
  keys[count++] = key;
  return true;
};
for (let attempt = 0; count < FOLLOWS && attempt < FOLLOWS * 5; attempt++) {
  const a = active[Math.floor(USERS * next() ** 1.5)] as number;
  const b = popular[Math.floor(USERS * next() ** 3)] as number;
  if (add(a, b) && next() < FOLLOW_BACK) add(b, a);
}
const sorted = keys.subarray(0, count).sort();
phase("generate follows", `${count} unique pairs`);

await inBatches(count, async (from, to) => {
  const follower: string[] = [];
  const following: string[] = [];
  const ago: number[] = [];
  for (let i = from; i < to; i++) {
    const key = sorted[i] as number;
    follower.push(ids[Math.floor(key / USERS)] as string);
    following.push(ids[key % USERS] as string);
    ago.push(Math.floor(next() * 365 * DAY_S));
  }
  await pool.query(
    `insert into followers (follower_id, following_id, created_at)
     select a, b, now() - make_interval(secs => s)
     from unnest($1::text[], $2::text[], $3::int[]) as t(a, b, s)`,
    [follower, following, ago],
  );
});
phase("insert follows", `${count} rows`);

const updated = await updateFollowCounters(pool);
phase("update counters", `${updated} profiles`);

await pool.query("vacuum (analyze) users, profiles, followers");
phase("vacuum analyze");

const { rows: top } = await pool.query<{ n: number; friends: number; handle: string }>(
  `select followers_count as n, friends_count as friends, default_username as handle
   from profiles order by followers_count desc limit 3`,
);
const { rows: size } = await pool.query<{ size: string }>(
  "select pg_size_pretty(pg_database_size(current_database())) as size",
);
console.log(
  `most followed: ${top.map((r) => `@${r.handle} ${r.n}`).join(", ")}; database size ${size[0]?.size}`,
);
console.log(`total ${total().toFixed(1)} s`);
await pool.end();
