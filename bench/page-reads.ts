// First and warm reads of the APIs behind a profile page and a post page, on the seeded feed
// database (docs/performance.md "Profile and post pages"): GET /api/profiles/:handle,
// GET /api/posts/by-path/:handle/:slug and GET /api/posts/:postId/comments, each signed in, over
// HTTP at CONNECTIONS connections, the app in a child process.
//  - first reads: FIRST distinct readers (sessions never used) each read a distinct profile or
//    post once, so neither the session, the profile nor the post is in the app's memory;
//  - warm reads: 600 readers reading 200 profiles or posts over and over for DURATION seconds
//    (and for 3 s before the first reads, so the route itself has run: JIT, prepared statements).
// The bench gives COMMENTED posts 8 comments each (tagged, removed at the end, the posts' counters
// put back) so the comments page has something to read.
// Target: p99 < 50 ms for each, first reads included.
//   node --import tsx bench/page-reads.ts      (seed first: bench/seed-feed.ts)
//   options: DURATION=10 CONNECTIONS=100 FIRST=3000 POOL=10
import { loadavg } from "node:os";
import pg from "pg";
import { startApp } from "./lib/app-process";
import { feedDatabaseUrl, requireSeeded } from "./lib/bench-db";
import { runReadLoad } from "./lib/read-load";
import { p99Below } from "./lib/results";
import {
  type BenchSession,
  createSessions,
  deleteBenchSessions,
  sampleUsers,
} from "./lib/sessions";
import { sleep } from "./lib/stats";

const DURATION_S = Math.min(120, Number(process.env.DURATION ?? 10));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const FIRST = Number(process.env.FIRST ?? 3000);
const POOL = Number(process.env.POOL ?? 10);
const WARM = 200;
/** Readers per API's warm reads: each account may read 600 times a minute (docs/operations.md
 * "Limits"), so a few thousand reads a second need a few hundred people. */
const WARM_READERS = 600;
const COMMENTS_PER_POST = 8;
const TARGET_P99_MS = 50;
const COMMENT_TAG = "page-bench-comment";

const { url: databaseUrl } = feedDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
await requireSeeded(pool, 1000, "bench/seed-feed.ts");
await deleteBenchSessions(pool);

// Readers: distinct people for each first-read load and one shared set for the warm loads.
const people = await sampleUsers(pool, 3 * (FIRST + WARM_READERS), 0.23);
const [profileReaders, postReaders, commentReaders] = [0, 1, 2].map((k) =>
  people.slice(k * FIRST, (k + 1) * FIRST),
) as [string[], string[], string[]];
const warmReaders = [0, 1, 2].map((k) =>
  people.slice(3 * FIRST + k * WARM_READERS, 3 * FIRST + (k + 1) * WARM_READERS),
) as [string[], string[], string[]];

// Targets: profiles and posts drawn at random, disjoint between the loads.
const client = await pool.connect();
await client.query("select setseed(0.61)");
const { rows: handles } = await client.query<{ handle: string }>(
  "select default_username as handle from profiles order by random() limit $1",
  [FIRST + WARM],
);
const { rows: postRows } = await client.query<{ id: string; handle: string; slug: string }>(
  `select p.id, pr.default_username as handle, p.slug
   from posts p tablesample system (1) join profiles pr on pr.user_id = p.user_id
   where p.deleted_at is null order by random() limit $1`,
  [2 * (FIRST + WARM)],
);
client.release();
const postPages = postRows.slice(0, FIRST + WARM);
const commented = postRows.slice(FIRST + WARM);

// Comments on the posts the comments loads read, by random readers, as the app would store them.
const { rowCount: comments } = await pool.query(
  `insert into post_comments (post_id, user_id, content, created_at)
   select p, (array[$2::text[]])[1][1 + ((n * 7 + length(p::text)) % array_length($2::text[], 1))],
          $3 || ' ' || n, now() - make_interval(mins => n)
   from unnest($1::uuid[]) as p, generate_series(1, $4) as n`,
  [commented.map((p) => p.id), warmReaders[0], COMMENT_TAG, COMMENTS_PER_POST],
);
await pool.query(
  "update posts set comments_count = comments_count + $2 where id = any($1::uuid[])",
  [commented.map((p) => p.id), COMMENTS_PER_POST],
);

const sessionsOf = (groups: string[][]) =>
  Promise.all(groups.map((ids) => createSessions(pool, ids))) as Promise<BenchSession[][]>;
const [profileSessions, postSessions, commentSessions] = (await sessionsOf([
  profileReaders,
  postReaders,
  commentReaders,
])) as [BenchSession[], BenchSession[], BenchSession[]];
const warmSessions = (await sessionsOf(warmReaders)) as [
  BenchSession[],
  BenchSession[],
  BenchSession[],
];
const app = await startApp({ databaseUrl, poolSize: POOL });
console.log(
  `app on ${app.url} (pg pool ${POOL}); ${FIRST} first reads and ${WARM_READERS} warm readers of ${WARM} pages per API, ${comments} comments on ${commented.length} posts; load average ${loadavg()[0]?.toFixed(1)}`,
);

const at = <T>(list: T[], i: number) => list[i % list.length] as T;
const target = p99Below(TARGET_P99_MS);
const pages = [
  {
    name: "profile",
    path: (i: number) => `/api/profiles/${at(handles, i).handle}`,
    first: profileSessions,
    warm: warmSessions[0],
  },
  {
    name: "post page",
    path: (i: number) => {
      const post = at(postPages, i);
      return `/api/posts/by-path/${post.handle}/${encodeURIComponent(post.slug)}`;
    },
    first: postSessions,
    warm: warmSessions[1],
  },
  {
    name: "comments",
    path: (i: number) => `/api/posts/${at(commented, i).id}/comments`,
    first: commentSessions,
    warm: warmSessions[2],
  },
];

try {
  for (const page of pages) {
    // The warm set first: the app has run this route (JIT, each connection's prepared statement)
    // before the first reads, which are first for their readers and pages, not for the process.
    const warm = (i: number) => ({ path: page.path(i % WARM), session: at(page.warm, i) });
    await runReadLoad(app, {
      bench: "page reads",
      title: `${page.name}: warm-up`,
      connections: CONNECTIONS,
      duration: 3,
      request: warm,
      record: false,
    });
    await runReadLoad(app, {
      bench: "page reads",
      title: `${page.name}: first reads, ${FIRST} readers once each, ${CONNECTIONS} connections`,
      connections: CONNECTIONS,
      amount: FIRST,
      request: (i) => ({ path: page.path(WARM + i), session: at(page.first, i) }),
      target,
    });
    await runReadLoad(app, {
      bench: "page reads",
      title: `${page.name}: warm reads, ${WARM_READERS} readers of ${WARM} pages, ${CONNECTIONS} connections`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      request: warm,
      target,
    });
  }
} finally {
  await sleep(1000); // requests still in flight at the deadline finish before the pool closes
  await app.stop();
  await pool.query("delete from post_comments where content like $1", [`${COMMENT_TAG} %`]);
  await pool.query(
    "update posts set comments_count = comments_count - $2 where id = any($1::uuid[])",
    [commented.map((p) => p.id), COMMENTS_PER_POST],
  );
  console.log(`removed the bench's comments and ${await deleteBenchSessions(pool)} sessions`);
  await pool.end();
}
