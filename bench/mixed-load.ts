// Mixed load from one IP as many signed-in people (docs/operations.md "Limits"): the request
// budgets are per account, so people behind one NAT are not refused for each other's traffic.
// On the seeded feed database, the app in a child process, all requests from 127.0.0.1 (no
// X-Forwarded-For), for DURATION seconds at once:
//   - readers: 50 connections, each signed in as its own account, reading the home feed at most
//     READ_RATE times a second (a heavy human: 120 a minute against a budget of 600);
//   - posters: 5 connections, 5 other accounts, each posting at most once a second;
//   - one greedy account (GREEDY=0 to leave it out) on the same IP reading GREEDY_RATE times a
//     second, twice its budget, which alone should be refused.
// Reports per group the answers by status (no 5xx anywhere, no 429 for readers and posters), the
// app's RSS at the start and end, latency and CPU. Targets only 127.0.0.1.
//   node --import tsx bench/mixed-load.ts        (seed first: bench/seed-feed.ts)
//   options: DURATION=180 READERS=50 POSTERS=5 READ_RATE=2 POST_RATE=1 GREEDY=1 GREEDY_RATE=20
//            POOL=10
import { loadavg } from "node:os";
import autocannon, { type AutocannonRequest, type Result } from "autocannon";
import pg from "pg";
import { startApp } from "./lib/app-process";
import { feedDatabaseUrl, requireSeeded } from "./lib/bench-db";
import { BENCH_POST_TAG } from "./lib/feed-http";
import { measuredRun, printLoadReport } from "./lib/load-report";
import {
  type BenchSession,
  createSessions,
  deleteBenchSessions,
  sampleUsers,
} from "./lib/sessions";
import { mb, sleep } from "./lib/stats";

const DURATION_S = Number(process.env.DURATION ?? 180);
const READERS = Number(process.env.READERS ?? 50);
const POSTERS = Number(process.env.POSTERS ?? 5);
const READ_RATE = Number(process.env.READ_RATE ?? 2);
const POST_RATE = Number(process.env.POST_RATE ?? 1);
const GREEDY = process.env.GREEDY !== "0";
const GREEDY_RATE = Number(process.env.GREEDY_RATE ?? 20);
const POOL = Number(process.env.POOL ?? 10);

const { url: databaseUrl } = feedDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
await requireSeeded(pool, 1000, "bench/seed-feed.ts");
await deleteBenchSessions(pool);
const users = await sampleUsers(pool, READERS + POSTERS + 1, 0.77);
const sessions = await createSessions(pool, users);
const readers = sessions.slice(0, READERS);
const posters = sessions.slice(READERS, READERS + POSTERS);
const greedy = sessions.slice(READERS + POSTERS);

/** Each connection is one account: it takes the next session on its first request. */
function asAccounts(list: BenchSession[], request: AutocannonRequest): AutocannonRequest {
  let assigned = 0;
  return {
    ...request,
    setupRequest: (req, context) => {
      if (context.session === undefined) context.session = list[assigned++ % list.length];
      const session = context.session as BenchSession;
      const prepared = request.setupRequest ? request.setupRequest(req, context) : req;
      return prepared && { ...prepared, headers: { ...prepared.headers, cookie: session.cookie } };
    },
  };
}

const codes = (result: Result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");

const app = await startApp({ databaseUrl, poolSize: POOL });
try {
  const start = await app.stats();
  console.log(
    `${READERS} readers at ${READ_RATE}/s, ${POSTERS} posters at ${POST_RATE}/s${GREEDY ? `, 1 greedy account at ${GREEDY_RATE}/s` : ""}, one IP, ${DURATION_S} s; load average ${loadavg()[0]?.toFixed(1)}; app RSS at start ${mb(start.rss)}`,
  );
  let peakRss = start.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sleep(5000);
      if (sampling) peakRss = Math.max(peakRss, (await app.stats()).rss);
    }
  })();
  let posted = 0;
  const run = (connections: number, rate: number, request: AutocannonRequest) =>
    autocannon({
      url: app.url,
      connections,
      connectionRate: rate,
      duration: DURATION_S,
      timeout: 10,
      requests: [request],
    });
  const measured = await measuredRun(app, async () => {
    const [readResult, postResult, greedyResult] = await Promise.all([
      run(READERS, READ_RATE, asAccounts(readers, { method: "GET", path: "/api/feed" })),
      run(
        POSTERS,
        POST_RATE,
        asAccounts(posters, {
          method: "POST",
          path: "/api/posts",
          headers: { "content-type": "application/json" },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ content: `${BENCH_POST_TAG} mixed ${++posted}` }),
          }),
        }),
      ),
      GREEDY
        ? run(1, GREEDY_RATE, asAccounts(greedy, { method: "GET", path: "/api/feed" }))
        : Promise.resolve(null),
    ]);
    console.log(
      `\nreaders        ${codes(readResult)}  errors ${readResult.errors}  timeouts ${readResult.timeouts}`,
    );
    console.log(
      `  latency      p50 ${readResult.latency.p50} ms  p99 ${readResult.latency.p99} ms  max ${readResult.latency.max} ms`,
    );
    console.log(
      `posters        ${codes(postResult)}  errors ${postResult.errors}  timeouts ${postResult.timeouts}`,
    );
    console.log(
      `  latency      p50 ${postResult.latency.p50} ms  p99 ${postResult.latency.p99} ms  max ${postResult.latency.max} ms`,
    );
    if (greedyResult) console.log(`greedy         ${codes(greedyResult)}`);
    const wellBehaved = [readResult, postResult];
    const refused = wellBehaved.reduce((n, r) => n + (r.statusCodeStats?.["429"]?.count ?? 0), 0);
    const failed = [...wellBehaved, ...(greedyResult ? [greedyResult] : [])].reduce(
      (n, r) => n + r["5xx"] + r.errors + r.timeouts,
      0,
    );
    console.log(`well-behaved 429s ${refused}; 5xx, errors and timeouts overall ${failed}`);
    return readResult;
  });
  sampling = false;
  await sampler;
  printLoadReport(
    "readers' run (the CPU line covers all three loads)",
    measured,
    codes(measured.result),
  );
  const end = await app.stats();
  console.log(
    `app RSS        start ${mb(start.rss)}, end ${mb(end.rss)}, peak sampled ${mb(Math.max(peakRss, end.rss))}`,
  );
} finally {
  await app.stop();
  await deleteBenchSessions(pool);
  await pool.query("delete from posts where content like $1", [`${BENCH_POST_TAG} mixed %`]);
  await pool.end();
}
