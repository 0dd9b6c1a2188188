// What each statement of a home feed's first read, and the profile page's read, costs on its own
// (docs/performance.md "Feed", "Statement by statement"): the app's own statements run one after
// another on one connection for READERS typical readers never read before, each reported as wall
// time, this process's CPU (user and system) and PostgreSQL's CPU per call, beside a bare
// `select 1` through pg and through the app's Drizzle. Needs `bench/seed-feed.ts`'s database; its
// sessions are removed at the end.
//
//   node --import tsx bench/statement-costs.ts        # READERS=2000 SEED=0.33
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { FEED_PAGE_SIZE } from "../src/domain/limits";
import { openDatabase } from "../src/server/db/client";
import { findSessionByToken } from "../src/server/modules/auth/queries";
import { firstFeedKeys } from "../src/server/modules/federation/note-queries";
import { likedAmong, loadPosts } from "../src/server/modules/posts/queries";
import { getProfileByHandle } from "../src/server/modules/profiles/service";
import { mutedEntriesOf } from "../src/server/policy/muted-words";
import { databaseOf } from "./lib/bench-db";
import { typicalReaders } from "./lib/feed-query";
import { deleteBenchSessions } from "./lib/sessions";
import { backendCpuMeter } from "./lib/stats";

const url = process.env.BENCH_FEED_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_feed";
const READERS = Number(process.env.READERS ?? 2000);
const WARM_UP = 50;

const pool = new pg.Pool({ connectionString: url, max: 2 });
const readers = await typicalReaders(pool, READERS, Number(process.env.SEED ?? 0.33));
const tokens = readers.map(() => randomBytes(24).toString("base64url"));
await pool.query(
  `insert into sessions (id, token, user_id, expires_at, ip_address, user_agent)
   select 'bench_' || t.token, t.token, t.user_id, now() + interval '30 days', '127.0.0.1', 'chtcht-bench'
   from unnest($1::text[], $2::text[]) as t(token, user_id)`,
  [tokens, readers],
);
const database = await openDatabase({ databaseUrl: url, poolSize: 1, dataDir: "/tmp" });
const { db } = database;
const raw = await pool.connect();
const pageOf = new Map<string, string[]>();
const at = (i: number) => readers[i] as string;

console.log(`${readers.length} typical readers, one connection, one statement at a time\n`);
console.log("statement         wall      app user + system   PostgreSQL   (per call)");
async function measure(name: string, call: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await call(i % readers.length);
  const cpu = process.cpuUsage();
  const postgres = backendCpuMeter(databaseOf(url));
  const start = performance.now();
  for (let i = 0; i < readers.length; i++) await call(i);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const per = (ms: number) => `${(ms / readers.length).toFixed(3)} ms`;
  console.log(
    `${name.padEnd(17)} ${per(wall).padEnd(9)} ${per(used.user / 1000)} + ${per(used.system / 1000)}   ${per(postgres())}`,
  );
}

await measure("select 1, pg", () => raw.query("select 1"));
await measure("select 1, drizzle", () => db.execute(sql`select 1`));
await measure("session", (i) => findSessionByToken(db, tokens[i] as string));
// The statement a feed read sends for its keys: the timeline's, the reposts' and those from
// elsewhere in one (docs/feed.md "The first page in one statement").
await measure("first keys", async (i) => {
  const keys = await firstFeedKeys(db, { viewerId: at(i), limit: FEED_PAGE_SIZE + 1 });
  pageOf.set(
    at(i),
    keys.own.slice(0, FEED_PAGE_SIZE).map((k) => k.id),
  );
});
await measure("posts", (i) => loadPosts(db, pageOf.get(at(i)) ?? []));
await measure("likes", (i) => likedAmong(db, { viewerId: at(i), ids: pageOf.get(at(i)) ?? [] }));
await measure("muted words", (i) => mutedEntriesOf(db, at(i)));
// The profile page's read (docs/performance.md "Profile and post pages"): its statement and the
// answer made from it, each reader reading another reader's profile.
const { rows: handles } = await pool.query<{ handle: string }>(
  "select default_username as handle from profiles where user_id = any($1::text[]) order by user_id",
  [readers],
);
const handleAt = (i: number) => handles[(i + 1) % handles.length]?.handle as string;
await measure("profile page", (i) =>
  getProfileByHandle(db, { handle: handleAt(i), viewerId: at(i) }),
);

raw.release();
await deleteBenchSessions(pool);
await database.close();
await pool.end();
