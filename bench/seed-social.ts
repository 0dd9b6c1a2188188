// Seeds the benchmark database: 100,000 users with profiles (varied full names, unique default
// handles derived from their e-mail like sign-up does, chtcht e-mail, ~3% with a reserved
// username) and 1,000,000 follows (power-law popularity, ~20% followed back, unique pairs, no
// self-follows), then sets the counters with one UPDATE from aggregated counts and VACUUM ANALYZE.
// Rows go in as multi-row INSERTs of 5,000 rows built with unnest($1::text[], …).
//   node --import tsx bench/seed-social.ts            (recreates the `bench_social` database)
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/seed-social.ts   (uses that database)
//   options: USERS=100000 FOLLOWS=1000000 SEED=42;  --drop drops bench_social and exits
import { loadavg } from "node:os";
import pg from "pg";
import { defaultHandleBase, defaultHandleCandidate } from "../src/domain/handles";
import { RESERVED_USERNAMES } from "../src/domain/username";
import { fromPostgres } from "../src/server/db/client";
import {
  benchDatabaseUrl,
  dropDefaultDatabase,
  postgresVersion,
  recreateDefaultDatabase,
} from "./lib/bench-db";
import { makePerson, reservedUsername, uniqueEmail } from "./lib/names";
import { mapLimit, random, shuffle } from "./lib/stats";

const USERS = Number(process.env.USERS ?? 100_000);
const FOLLOWS = Number(process.env.FOLLOWS ?? 1_000_000);
const SEED = Number(process.env.SEED ?? 42);
const BATCH = 5_000;
const WRITERS = 2;
const MAIL_DOMAIN = "chtcht.local";
const RESERVED_SHARE = 0.03;
const FOLLOW_BACK = 0.2;
const DAY_S = 86_400;

const started = performance.now();
let phaseStarted = started;
function phase(name: string, detail = "") {
  const now = performance.now();
  console.log(
    `${name.padEnd(26)} ${((now - phaseStarted) / 1000).toFixed(2).padStart(7)} s  ${detail}`,
  );
  phaseStarted = now;
}

const { url, explicit } = benchDatabaseUrl();
if (process.argv.includes("--drop")) {
  await dropDefaultDatabase();
  console.log("dropped bench_social");
  process.exit(0);
}
if (!explicit) await recreateDefaultDatabase();
const database = fromPostgres(url, 2);
await database.migrate();
await database.close();
// A throw-away load: commits need not wait for the WAL flush.
const pool = new pg.Pool({
  connectionString: url,
  max: WRITERS,
  options: "-c synchronous_commit=off",
});
const { rows: existing } = await pool.query<{ n: number }>("select count(*)::int as n from users");
if ((existing[0]?.n ?? 0) > 0) {
  console.error("BENCH_DATABASE_URL names a database that already has users: give an empty one.");
  await pool.end();
  process.exit(1);
}
const load = loadavg()[0]?.toFixed(1);
console.log(`database ${url.replace(/:[^:@/]*@/, ":***@")}; load average ${load}`);
console.log(await postgresVersion(pool));
phase("create + migrate", explicit ? "(BENCH_DATABASE_URL)" : "(recreated bench_social)");

// ---- people -----------------------------------------------------------------------------------
const next = random(SEED);
const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const idSet = new Set<string>();
while (idSet.size < USERS) {
  let id = "";
  for (let i = 0; i < 32; i++) id += ALNUM[Math.floor(next() * ALNUM.length)];
  idSet.add(id);
}
// Sorted ids make "user index order" equal to key order, so the follows load walks the indexes.
const ids = [...idSet].sort();
const emails = new Set<string>();
const handles = new Set<string>();
const names: string[] = [];
const emailList: string[] = [];
const handleList: string[] = [];
const usernames: (string | null)[] = [];
const createdAt: number[] = [];
const nowS = Date.now() / 1000;
for (let i = 0; i < USERS; i++) {
  const person = makePerson(next);
  const email = uniqueEmail(person.local, emails, next);
  const base = defaultHandleBase(email);
  let handle = base;
  for (let attempt = 0; attempt < 50; attempt++) {
    handle = defaultHandleCandidate(base, attempt, next);
    if (!handles.has(handle)) break;
  }
  if (handles.has(handle)) throw new Error(`no free handle for ${email}`);
  handles.add(handle);
  names.push(person.fullName);
  emailList.push(email);
  handleList.push(handle);
  createdAt.push(nowS - next() * 730 * DAY_S);
}
const takenNames = new Set<string>([...handles, ...RESERVED_USERNAMES]);
for (let i = 0; i < USERS; i++) {
  const name =
    next() < RESERVED_SHARE ? reservedUsername(names[i] as string, takenNames, next) : null;
  if (name) takenNames.add(name);
  usernames.push(name);
}
phase("generate people", `${USERS} users, ${usernames.filter(Boolean).length} reserved usernames`);

async function inBatches(total: number, insert: (from: number, to: number) => Promise<unknown>) {
  const starts = Array.from({ length: Math.ceil(total / BATCH) }, (_, i) => i * BATCH);
  await mapLimit(starts, WRITERS, (from) => insert(from, Math.min(total, from + BATCH)));
}

await inBatches(USERS, async (from, to) => {
  const slice = <T>(list: T[]) => list.slice(from, to);
  await pool.query(
    `insert into users (id, name, email, email_verified, created_at, updated_at)
     select id, name, email, true, to_timestamp(at), to_timestamp(at)
     from unnest($1::text[], $2::text[], $3::text[], $4::float8[]) as t(id, name, email, at)`,
    [slice(ids), slice(names), slice(emailList), slice(createdAt)],
  );
  await pool.query(
    `insert into profiles (user_id, username, default_username, full_name, email_address,
       chtcht_email, created_at, updated_at)
     select id, username, handle, name, email, handle || '@' || $6, to_timestamp(at), to_timestamp(at)
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $7::text[])
       as t(id, handle, name, email, at, username)`,
    [
      slice(ids),
      slice(handleList),
      slice(names),
      slice(emailList),
      slice(createdAt),
      MAIL_DOMAIN,
      slice(usernames),
    ],
  );
});
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

const updated = await pool.query(`
  update profiles p
  set followers_count = c.followers, following_count = c.following, friends_count = c.friends
  from (
    select id, sum(followers)::int as followers, sum(following)::int as following,
           sum(friends)::int as friends
    from (
      select following_id as id, 1 as followers, 0 as following, 0 as friends from followers
      union all
      select follower_id, 0, 1, 0 from followers
      union all
      select f.follower_id, 0, 0, 1 from followers f
      join followers back on back.follower_id = f.following_id and back.following_id = f.follower_id
    ) as edges
    group by id
  ) as c
  where c.id = p.user_id`);
phase("update counters", `${updated.rowCount} profiles`);

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
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
await pool.end();
