// Latency of the home feed's first page (20 posts) on the seeded feed database:
//  1. in-process, one at a time: feedPostKeys + loadPosts for 500 readers (480 typical, 20
//     who follow 5,000 accounts), p50/p99 of each part;
//  2. EXPLAIN (ANALYZE, BUFFERS) of the feed statement for one typical and one heavy reader, and
//     of two changes to it (lib/feed-alternatives.ts; the extra index is rolled back);
//  3. over HTTP: the app in a child process, GET /api/feed with autocannon (100 connections, 20 s
//     after 3 s of warm-up), every request signed in as the next of 200 readers (190 typical,
//     10 heavy: 5%, far above their 0.02% of the population, so their cost shows).
// Target: first page p99 < 100 ms at 100 connections.
//   node --import tsx bench/feed-latency.ts      (seed first: bench/seed-feed.ts)
//   options: DURATION=20 (at most 120) CONNECTIONS=100 READERS=200 HEAVY_READERS=10 POOL=10
import { loadavg } from "node:os";
import autocannon, { type AutocannonRequest } from "autocannon";
import pg from "pg";
import { fromPostgres } from "../src/server/db/client";
import { startApp } from "./lib/app-process";
import { feedDatabaseUrl, requireSeeded } from "./lib/bench-db";
import { explainAlternatives } from "./lib/feed-alternatives";
import {
  condensePlan,
  explainFeed,
  explainHydration,
  heavyReaders,
  type Timing,
  timeFirstPage,
  typicalReaders,
} from "./lib/feed-query";
import { measuredRun, printLoadReport } from "./lib/load-report";
import { createSessions, deleteBenchSessions } from "./lib/sessions";
import { formatSummary, random, shuffle, sleep, summarize } from "./lib/stats";

const DURATION_S = Math.min(120, Number(process.env.DURATION ?? 20));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const READERS = Number(process.env.READERS ?? 200);
const HEAVY_READERS = Number(process.env.HEAVY_READERS ?? 10);
const POOL = Number(process.env.POOL ?? 10);
const IN_PROCESS = 500;
const IN_PROCESS_HEAVY = 20;
const WARMUP_READS = 50;
const WARMUP_S = 3;
const TARGET_P99_MS = 100;

const { url: databaseUrl } = feedDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
await requireSeeded(pool, 1000, "bench/seed-feed.ts");
await deleteBenchSessions(pool);
const heavy = await heavyReaders(pool, Math.max(IN_PROCESS_HEAVY, HEAVY_READERS));
const typical = await typicalReaders(pool, IN_PROCESS + WARMUP_READS, 0.31);
const isHeavy = new Set(heavy);
console.log(
  `${heavy.length} heavy readers (1,000+ followees), ${typical.length} typical sampled (${WARMUP_READS} for warm-up); load average ${loadavg()[0]?.toFixed(1)}`,
);

// ---- 1. in-process ---------------------------------------------------------------------------
const database = fromPostgres(databaseUrl, 4);
const next = random(11);
const readers = shuffle(
  [...typical.slice(0, IN_PROCESS - IN_PROCESS_HEAVY), ...heavy.slice(0, IN_PROCESS_HEAVY)],
  next,
);
for (const reader of typical.slice(IN_PROCESS)) await timeFirstPage(database.db, reader); // warm-up
const timings = new Map<string, Timing>();
const started = performance.now();
for (const reader of readers) timings.set(reader, await timeFirstPage(database.db, reader));
await database.close();
const part = (filter: (id: string) => boolean, key: keyof Timing) =>
  summarize([...timings].filter(([id]) => filter(id)).map(([, t]) => t[key]));
const all = () => true;
console.log(
  `\nin-process, one at a time: ${readers.length} readers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
for (const [label, filter] of [
  ["all", all],
  ["typical", (id: string) => !isHeavy.has(id)],
  ["heavy", (id: string) => isHeavy.has(id)],
] as const) {
  console.log(`  ${label.padEnd(8)} keys+hydrate ${formatSummary(part(filter, "totalMs"))}`);
  console.log(
    `  ${"".padEnd(8)} keys  p50 ${part(filter, "keysMs").p50.toFixed(1)} p99 ${part(filter, "keysMs").p99.toFixed(1)} ms; hydrate p50 ${part(filter, "hydrateMs").p50.toFixed(1)} p99 ${part(filter, "hydrateMs").p99.toFixed(1)} ms`,
  );
}
const short = [...timings.values()].filter((t) => t.posts < 20).length;
console.log(`  readers whose first page had fewer than 20 posts: ${short}`);

// ---- 2. EXPLAIN ------------------------------------------------------------------------------
for (const [label, reader] of [
  ["typical", typical[0]],
  ["heavy", heavy[0]],
] as const) {
  if (!reader) continue;
  const { rows } = await pool.query<{ n: number }>(
    "select following_count as n from profiles where user_id = $1",
    [reader],
  );
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS), ${label} reader (${rows[0]?.n} followees):\n${condensePlan(await explainFeed(pool, reader)).join("\n")}`,
  );
}

const hydration = typical[0] ? await explainHydration(pool, typical[0]) : [];
console.log(
  `\nhydration of the typical reader's page (posts ⋈ profiles + the reader's likes): ${hydration
    .filter((line) => /^(Planning|Execution) Time/.test(line))
    .join(", ")}; ${hydration.find((line) => line.includes("Buffers"))?.trim()}`,
);

// Two changes to the statement, measured on the same readers (see lib/feed-alternatives.ts).
await explainAlternatives(
  pool,
  [
    { label: "typical reader", id: typical[0] },
    { label: "heavy reader", id: heavy[0] },
  ].filter((r): r is { label: string; id: string } => Boolean(r.id)),
);

// ---- 3. HTTP ---------------------------------------------------------------------------------
const httpReaders = shuffle(
  [...typical.slice(0, READERS - HEAVY_READERS), ...heavy.slice(0, HEAVY_READERS)],
  next,
);
const sessions = await createSessions(pool, httpReaders);
const app = await startApp({ databaseUrl, poolSize: POOL });
console.log(
  `\napp on ${app.url} (pg pool ${POOL}); ${sessions.length} signed-in readers (${sessions.filter((s) => isHeavy.has(s.userId)).length} heavy); load average ${loadavg()[0]?.toFixed(1)}`,
);
for (const [i, session] of sessions.entries()) {
  const response = await fetch(`${app.url}/api/feed`, {
    headers: { cookie: session.cookie, "x-forwarded-for": `10.8.0.${i & 255}` },
  });
  if (response.status !== 200) {
    console.error(`session cookie refused for ${session.userId}: HTTP ${response.status}`);
    await app.stop();
    await deleteBenchSessions(pool);
    await pool.end();
    process.exit(1);
  }
}

let sent = 0;
const latency = { typical: [] as number[], heavy: [] as number[] };
let emptyPages = 0;
const feed: AutocannonRequest = {
  method: "GET",
  path: "/api/feed",
  setupRequest: (request, context) => {
    const session = sessions[sent % sessions.length];
    sent++;
    if (!session) return null;
    context.heavy = isHeavy.has(session.userId);
    context.t0 = performance.now();
    return {
      ...request,
      headers: {
        cookie: session.cookie,
        "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      },
    };
  },
  onResponse: (status, body, context) => {
    const ms = performance.now() - (context.t0 as number);
    (context.heavy ? latency.heavy : latency.typical).push(ms);
    if (status === 200 && body.startsWith('{"items":[]')) emptyPages++;
  },
};
const run = (duration: number) =>
  autocannon({ url: app.url, connections: CONNECTIONS, duration, timeout: 10, requests: [feed] });

await run(WARMUP_S);
latency.typical.length = 0;
latency.heavy.length = 0;
emptyPages = 0;
const measured = await measuredRun(app, () => run(DURATION_S));
const { result } = measured;
const codes = Object.entries(result.statusCodeStats ?? {})
  .map(([code, { count }]) => `${code}×${count}`)
  .join(" ");
printLoadReport(
  `GET /api/feed, ${CONNECTIONS} connections`,
  measured,
  `${codes}; empty pages ${emptyPages}`,
  [
    `  typical      ${formatSummary(summarize(latency.typical), 0)}`,
    `  heavy        ${formatSummary(summarize(latency.heavy), 0)}`,
  ],
);
console.log(
  `per request    app ${(measured.appMs / result.requests.total).toFixed(2)} ms CPU, PostgreSQL ${(measured.postgresMs / result.requests.total).toFixed(2)} ms CPU; app RSS ${(measured.after.rss / 1048576).toFixed(0)} MB`,
);
console.log(
  `target p99 < ${TARGET_P99_MS} ms at ${CONNECTIONS} connections: ${result.latency.p99 < TARGET_P99_MS && result.non2xx === 0 ? "met" : "MISSED"}`,
);

await sleep(1000); // requests autocannon abandoned at the deadline finish before the pool closes
await app.stop();
console.log(`removed ${await deleteBenchSessions(pool)} bench sessions`);
await pool.end();
