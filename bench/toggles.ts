// Throughput of the two toggles on the real app over HTTP, one after the other on the same app
// process, against the seeded database: first the follow toggle (POST /api/follows/toggle), then
// the like toggle (POST /api/posts/:postId/like). Each gets 3 s of warm-up, then 20 autocannon
// connections for 20 s, and its own ACTORS (400) signed-in users; every request picks an actor and a target,
// 30% among 10 hot rows, whose locks the toggles queue on (the 10 most-followed accounts; the 10
// most-liked posts, ties going to the latest posts of the most-followed authors), 70% among 2,000
// ordinary users or posts. For each it prints requests/s, latency p50/p99/max, non-2xx responses
// and the server's CPU use, then checks that the counters of every touched profile equal a
// recount from `followers`, and every touched post's `likes_count` a recount from `post_likes`.
// Target, per toggle: ≥ 1,000 requests/s, no errors, counters exact (one row each in the file
// BENCH_RESULTS names: bench/lib/results.ts).
//   node --import tsx bench/toggles.ts     (seed first: bench/seed-social.ts)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_feed node --import tsx bench/toggles.ts
//     (bench/seed-social.ts seeds no posts, so the like toggle needs bench/seed-feed.ts's database;
//     without posts it is skipped)
//   options: DURATION=20 (at most 120) CONNECTIONS=20 ACTORS=400 POOL=10 HOT_SHARE=0.3
//     BENCH_RESULTS=<file>
// The app runs in a child process with TRUST_PROXY on, and each request carries its own
// X-Forwarded-For address: the limit per address would otherwise cap a single load generator,
// which is the limiter working, not the toggle. The limit per account still applies: each actor
// may write 120 times a minute (src/server/infra/rate-limit.ts), so past ACTORS × 120 requests in
// the 3 + DURATION s a toggle answers 429 (the bench then says how many ACTORS the target needs) —
// and each toggle has its own actors.
import { loadavg } from "node:os";
import autocannon, { type AutocannonRequest } from "autocannon";
import pg from "pg";
import { LIMITS } from "../src/server/infra/rate-limit";
import { startApp } from "./lib/app-process";
import { benchDatabaseUrl, requireSeeded } from "./lib/bench-db";
import { counterDrift, postLikeDrift, reportDrift, reportLikeDrift } from "./lib/counters";
import { type MeasuredRun, measuredRun, printLoadReport } from "./lib/load-report";
import { type ResultRow, rateAtLeast, recordRow, rowFromRun, type Target } from "./lib/results";
import { createSessions, deleteBenchSessions, popularUsers, sampleUsers } from "./lib/sessions";
import { random, sleep } from "./lib/stats";

const DURATION_S = Math.min(120, Number(process.env.DURATION ?? 20));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const ACTORS = Number(process.env.ACTORS ?? 400);
const POOL = Number(process.env.POOL ?? 10);
const HOT_TARGETS = 10;
const ORDINARY_TARGETS = 2_000;
const HOT_SHARE = Number(process.env.HOT_SHARE ?? 0.3);
const WARMUP_S = 3;
const TARGET_PER_S = 1_000;
/** LIMITS.writesPerAccount of src/server/infra/rate-limit.ts. */
const WRITES_PER_MINUTE = LIMITS.writesPerAccount.points;

/** ≥ TARGET_PER_S with no errors (rateAtLeast), and no counter of the recount drifted. */
const exactAtRate =
  (drifted: number) =>
  (row: ResultRow): Target => {
    const rate = rateAtLeast(TARGET_PER_S)(row);
    return { text: `${rate.text}, counters exact`, met: rate.met && drifted === 0 };
  };

/** Posts the like toggle can pick: live, author not suspended, no block with any actor ($1). The
 * authors to avoid are few: one hashed list, not a probe of blocks per post. */
const LIKEABLE = `p.deleted_at is null and p.user_id not in (
    select user_id from profiles where suspended_at is not null
    union all select blocked_id from blocks where blocker_id = any($1::text[])
    union all select blocker_id from blocks where blocked_id = any($1::text[]))`;

/** The most-liked posts; while likes are too few, the latest posts of the most-followed authors. */
async function hotPosts(pool: pg.Pool, actors: readonly string[], count: number) {
  const { rows } = await pool.query<{ id: string }>(
    `with candidates as (
       (select p.id from posts p where p.likes_count > 0 and ${LIKEABLE}
        order by p.likes_count desc, p.id limit $2)
       union
       (select latest.id
        from (select user_id from profiles order by followers_count desc, user_id limit 1000) as a
        cross join lateral (select p.id from posts p where p.user_id = a.user_id and ${LIKEABLE}
                            order by p.created_at desc, p.id desc limit 1) as latest)
     )
     select p.id from candidates c join posts p on p.id = c.id join profiles a on a.user_id = p.user_id
     order by p.likes_count desc, a.followers_count desc, p.id limit $2`,
    [actors, count],
  );
  return rows.map((r) => r.id);
}

/** `count` other posts in a stable random order (the same posts for the same data and seed). */
async function samplePosts(
  pool: pg.Pool,
  actors: readonly string[],
  exclude: readonly string[],
  count: number,
  seed = 0.17,
) {
  const client = await pool.connect();
  try {
    await client.query("select setseed($1)", [seed]);
    const { rows } = await client.query<{ id: string }>(
      `select p.id from posts p where ${LIKEABLE} and p.id <> all($2::uuid[])
       order by random() limit $3`,
      [actors, exclude, count],
    );
    return rows.map((r) => r.id);
  } finally {
    client.release();
  }
}

const { url: databaseUrl } = benchDatabaseUrl();
const databaseName = new URL(databaseUrl).pathname.slice(1);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const users = await requireSeeded(pool);
await deleteBenchSessions(pool);
const hot = await popularUsers(pool, HOT_TARGETS);
const sample = await sampleUsers(pool, 2 * ACTORS + ORDINARY_TARGETS, 0.17);
const actors = sample.slice(0, ACTORS);
const ordinary = sample.slice(ACTORS, ACTORS + ORDINARY_TARGETS);
const likers = sample.slice(ACTORS + ORDINARY_TARGETS);
const hotLiked = await hotPosts(pool, likers, HOT_TARGETS);
const ordinaryLiked =
  hotLiked.length > 0 ? await samplePosts(pool, likers, hotLiked, ORDINARY_TARGETS) : [];
// Too few posts for both sets: every post is a target of either kind.
const ordinaryPosts = ordinaryLiked.length > 0 ? ordinaryLiked : hotLiked;
const sessions = await createSessions(pool, actors);
const likeSessions = hotLiked.length > 0 ? await createSessions(pool, likers) : [];
const app = await startApp({ databaseUrl, poolSize: POOL });
console.log(
  `app on ${app.url} (pg pool ${POOL}); ${users} profiles; follows: ${ACTORS} actors, ${HOT_TARGETS} hot + ${ORDINARY_TARGETS} ordinary targets; likes: ${likeSessions.length} actors, ${hotLiked.length} hot + ${ordinaryLiked.length} ordinary posts; load average ${loadavg()[0]?.toFixed(1)}`,
);

// Every cookie must sign in, or the run would only measure 401s.
for (const session of [...sessions, ...likeSessions]) {
  const response = await fetch(`${app.url}/api/follows/status/${hot[0]}`, {
    headers: { cookie: session.cookie, "x-forwarded-for": "10.9.9.9" },
  });
  if (response.status !== 200) {
    console.error(`session cookie refused for ${session.userId}: HTTP ${response.status}`);
    await app.stop();
    await deleteBenchSessions(pool);
    await pool.end();
    process.exit(1);
  }
}

const next = random(7);
let sent = 0;
const statuses = new Map<number, number>();
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
/** The actor's cookie and a fresh address; a JSON content type only with a body (Fastify refuses
 * an empty JSON body). */
const headers = (cookie: string, json: boolean): Record<string, string> => {
  sent++;
  return {
    ...(json ? { "content-type": "application/json" } : {}),
    cookie,
    "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
  };
};
const countStatus = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

/** 3 s of warm-up, then the measured run of `toggle`; prints its report. */
async function measureToggle(
  title: string,
  toggle: AutocannonRequest,
  resetOutcome: () => void,
): Promise<MeasuredRun> {
  const run = (duration: number) =>
    autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration,
      timeout: 10,
      requests: [toggle],
    });
  await run(WARMUP_S);
  statuses.clear();
  resetOutcome();
  const measured = await measuredRun(app, () => run(DURATION_S));
  const statusText = [...statuses].map(([status, n]) => `${status}×${n}`).join(" ");
  printLoadReport(title, measured, statusText, []);
  if (statuses.has(429)) {
    const seconds = Math.min(60, WARMUP_S + DURATION_S);
    const needed = Math.ceil((TARGET_PER_S * seconds) / WRITES_PER_MINUTE);
    console.log(
      `429s           the ${ACTORS} actors spent their write budget (${WRITES_PER_MINUTE} a minute each); ${TARGET_PER_S.toLocaleString("en")}/s for ${seconds} s needs ACTORS=${needed}`,
    );
  }
  return measured;
}

// 1. The follow toggle.
const touchedUsers = new Set<string>();
const follows = { followed: 0, unfollowed: 0, failed: 0 };
const followToggle: AutocannonRequest = {
  method: "POST",
  path: "/api/follows/toggle",
  setupRequest: (request) => {
    const session = pick(sessions);
    let target = pick(next() < HOT_SHARE ? hot : ordinary);
    if (!session) return null;
    if (target === session.userId)
      target = ordinary[0] === target ? (ordinary[1] as string) : (ordinary[0] as string);
    touchedUsers.add(session.userId).add(target);
    return {
      ...request,
      headers: headers(session.cookie, true),
      body: JSON.stringify({ targetUserId: target }),
    };
  },
  onResponse: (status, body) => {
    countStatus(status);
    if (status !== 200) {
      follows.failed++;
      return;
    }
    if ((JSON.parse(body) as { following: boolean }).following) follows.followed++;
    else follows.unfollowed++;
  },
};
const followRun = await measureToggle(
  `POST /api/follows/toggle, ${CONNECTIONS} connections`,
  followToggle,
  () => Object.assign(follows, { followed: 0, unfollowed: 0, failed: 0 }),
);
console.log(`toggles        ${follows.followed} follows, ${follows.unfollowed} unfollows`);
console.log(`app RSS        ${(followRun.after.rss / 1048576).toFixed(0)} MB`);
await sleep(1000); // requests autocannon abandoned at the deadline finish before the recount
const checkedUsers = [...touchedUsers];
const followDrift = await counterDrift(pool, checkedUsers);
reportDrift(followDrift, checkedUsers.length);
recordRow(
  rowFromRun(
    "toggles",
    `follow toggle, ${CONNECTIONS} connections`,
    followRun,
    exactAtRate(followDrift.length),
  ),
);

// 2. The like toggle, on posts that exist.
if (likeSessions.length === 0) {
  console.log(
    `\nlike toggle SKIPPED: ${databaseName} has no posts to like. It needs the database of bench/seed-feed.ts:\n  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_feed node --import tsx bench/toggles.ts`,
  );
} else {
  const touchedPosts = new Set<string>();
  const likes = { liked: 0, unliked: 0, failed: 0 };
  const likeToggle: AutocannonRequest = {
    method: "POST",
    path: "/api/posts/:postId/like",
    setupRequest: (request) => {
      const session = pick(likeSessions);
      const postId = pick(next() < HOT_SHARE ? hotLiked : ordinaryPosts);
      if (!session || !postId) return null;
      touchedPosts.add(postId);
      return {
        ...request,
        path: `/api/posts/${postId}/like`,
        headers: headers(session.cookie, false),
      };
    },
    onResponse: (status, body) => {
      countStatus(status);
      if (status !== 200) {
        likes.failed++;
        return;
      }
      if ((JSON.parse(body) as { liked: boolean }).liked) likes.liked++;
      else likes.unliked++;
    },
  };
  const likeRun = await measureToggle(
    `POST /api/posts/:postId/like, ${CONNECTIONS} connections`,
    likeToggle,
    () => Object.assign(likes, { liked: 0, unliked: 0, failed: 0 }),
  );
  console.log(`toggles        ${likes.liked} likes, ${likes.unliked} unlikes`);
  console.log(`app RSS        ${(likeRun.after.rss / 1048576).toFixed(0)} MB`);
  await sleep(1000);
  const checkedPosts = [...touchedPosts];
  const likeDrift = await postLikeDrift(pool, checkedPosts);
  reportLikeDrift(likeDrift, checkedPosts.length);
  recordRow(
    rowFromRun(
      "toggles",
      `like toggle, ${CONNECTIONS} connections`,
      likeRun,
      exactAtRate(likeDrift.length),
    ),
  );
}

await app.stop();
console.log(`removed ${await deleteBenchSessions(pool)} bench sessions`);
await pool.end();
