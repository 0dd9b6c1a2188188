// Advanced search at a million profiles (docs/search.md; docs/performance.md "Advanced search"):
// the app in a child process on `bench_search`, 20 representative filter combinations (a rare
// filter, a common one, 3–5 filters together, text contains, 25 and 250 miles, deep pages), each
// under autocannon at 20 connections, signed in in turn as the seeded searchers, each with 200–500
// friends, so every filter is matched through the audiences each person chose (docs/search.md "Who
// can be found"). Prints req/s and p50/p99 per combination, whether its p99 is under target and
// how much of the machine other work took meanwhile, then a table of them all and EXPLAIN
// (ANALYZE, BUFFERS) of the SQL a search sends (the profile index chooses the page in memory:
// docs/search.md "Profile index"). Before that, how long the app took to start (loading the
// index) and its memory once loaded.
// Target: every combination p99 < 100 ms.
//   node --import tsx bench/search-filters.ts        (seed first: bench/seed-search.ts)
//   options: SECONDS=6 CONNECTIONS=20 POOL=4 ONLY=<label substring> SEARCH_ENGINE=memory|postgres
import { loadavg } from "node:os";
import autocannon, { type AutocannonRequest } from "autocannon";
import pg from "pg";
import type { Db } from "../src/server/db/client";
import { readResults } from "../src/server/modules/search/queries";
import { friendsOf } from "../src/server/policy/viewer-relation";
import { inBlockWith } from "../src/server/policy/visibility";
import { startApp } from "./lib/app-process";
import { benchDatabaseUrl, postgresVersion, requireSeeded } from "./lib/bench-db";
import { explainFirstStatement } from "./lib/feed-query";
import { measuredRun } from "./lib/load-report";
import { p99Below, recordRow, rowFromRun } from "./lib/results";
import { createSessions, deleteBenchSessions } from "./lib/sessions";

const SECONDS = Number(process.env.SECONDS ?? 6);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const ONLY = process.env.ONLY;
const TARGET_P99_MS = 100;
/** The app's DATABASE_POOL_SIZE: PostgreSQL shares this machine's two cores (docs/operations.md). */
const POOL = Number(process.env.POOL ?? 4);
/** The searchers bench/seed-search.ts made have 200–500 friends; everyone else a handful. */
const SEARCHER_FRIENDS = 100;
/** People signed in, in turn, at least: enough that none passes the 600 reads a minute an account
 * may make (docs/operations.md "Limits") at up to 2,000 answers a second. */
const MIN_VIEWERS = 200;

/** label, query string; `pages` > 1 means the measured request is that deep page's cursor. */
const COMBINATIONS: { label: string; query: string; pages?: number }[] = [
  { label: "rare: one HBCU", query: "hbcu=Howard+University" },
  { label: "rare: Greek organisation", query: "greek=Zeta+Phi+Beta" },
  { label: "rare: military branch", query: "militaryBranch=Space+Force" },
  { label: "common: gender", query: "gender=Female" },
  { label: "common: country", query: "country=United+States" },
  { label: "common: age 25–35", query: "ageMin=25&ageMax=35" },
  { label: "zodiac list", query: "zodiac=Leo&zodiac=Aries&zodiac=Virgo" },
  { label: "3 filters", query: "state=California&gender=Male&ageMin=30&ageMax=40" },
  {
    label: "4 filters",
    query: "gender=Female&relationshipStatus=Single&ageMin=25&ageMax=35&bodyType=Athletic",
  },
  {
    label: "5 filters",
    query:
      "country=United+States&gender=Female&zodiac=Leo&heightMin=60&heightMax=68&education=Bachelor%27s",
  },
  { label: "ranges: height and kids", query: "heightMin=70&kidsMin=1&kidsMax=3" },
  { label: "contains: university 'state'", query: "university=state" },
  { label: "contains: military base 'fort'", query: "militaryBase=fort" },
  { label: "contains: city 'spring'", query: "city=spring" },
  { label: "text: name 'ann'", query: "q=ann" },
  { label: "25 miles of New York", query: "city=New+York%2C+NY&withinMiles=25" },
  {
    label: "250 miles of Chicago, by distance",
    query: "city=Chicago%2C+IL&withinMiles=250&sort=distance",
  },
  { label: "newest members", query: "sort=newest" },
  { label: "deep page 10: gender", query: "gender=Female", pages: 10 },
  { label: "deep page 20: everyone by name", query: "", pages: 20 },
];

const { url } = benchDatabaseUrl("bench_search", "BENCH_SEARCH_DATABASE_URL");
const pool = new pg.Pool({ connectionString: url, max: 2 });
const users = await requireSeeded(pool, 10_000, "bench/seed-search.ts");
const load = () => loadavg()[0]?.toFixed(1);
console.log(
  `${users.toLocaleString()} profiles; load average ${load()}; ${await postgresVersion(pool)}`,
);
await deleteBenchSessions(pool);
const { rows: viewers } = await pool.query<{ id: string; friends: number }>(
  "select user_id as id, friends_count as friends from profiles where friends_count >= $1 order by user_id",
  [SEARCHER_FRIENDS],
);
if (viewers.length < MIN_VIEWERS) {
  console.error(
    `${viewers.length} people with ${SEARCHER_FRIENDS}+ friends; seed again: node --import tsx bench/seed-search.ts`,
  );
  await pool.end();
  process.exit(1);
}
const friendCounts = viewers.map((v) => v.friends);
console.log(
  `signed in as ${viewers.length} people in turn, with ${Math.min(...friendCounts)}–${Math.max(...friendCounts)} friends each`,
);
const sessions = await createSessions(
  pool,
  viewers.map((v) => v.id),
);
const startedAt = performance.now();
const app = await startApp({ databaseUrl: url, poolSize: POOL });
const loaded = await app.stats();
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
console.log(
  `app ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (profile index loaded); RSS ${mb(loaded.rss)}, heap ${mb(loaded.heapUsed)}`,
);

let address = 0;
let sent = 0;
const headers = (i: number) => ({
  cookie: sessions[i % sessions.length]?.cookie ?? "",
  "x-forwarded-for": `10.9.${(address >> 8) & 255}.${address++ & 255}`,
});

/** The query string of page `pages` (following nextCursor) for the session `viewer`, so deep pages
 * are measured alone: a cursor opens only for the viewer it was made for (docs/search.md "Search
 * budget"). */
async function deepQuery(query: string, pages: number, viewer: number): Promise<string> {
  let path = `/api/search/profiles?${query}`;
  for (let page = 1; page < pages; page++) {
    const response = await fetch(`${app.url}${path}`, { headers: headers(viewer) });
    const body = (await response.json()) as { nextCursor: string | null };
    if (!body.nextCursor) break;
    path = `/api/search/profiles?${query}${query ? "&" : ""}cursor=${body.nextCursor}`;
  }
  return path;
}

interface Row {
  label: string;
  query: string;
  found: string;
  rps: number;
  p50: number;
  p99: number;
  ok: boolean;
  /** CPU ms per answered request: the app, PostgreSQL, the load generator. */
  cpu: { app: number; postgres: number; load: number };
  /** Share of the two cores busy with anything but the app, PostgreSQL and this process. */
  othersPercent: number;
}
const underTarget = (row: Row) => row.ok && row.p99 < TARGET_P99_MS;
const verdict = (row: Row) => (underTarget(row) ? "ok" : "OVER");

/** Every combination in one Markdown table, as docs/performance.md shows them. */
function printTable(done: Row[]) {
  const header = ["combination", "found", "req/s", "p50", "p99", `p99 < ${TARGET_P99_MS} ms`];
  const lines = done.map((r) => [
    r.label,
    r.found,
    r.rps.toLocaleString("en-US", { maximumFractionDigits: 0 }),
    `${r.p50} ms`,
    `${r.p99} ms`,
    underTarget(r) ? "yes" : "**no**",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`\n${line(header)}\n${line(widths.map((w) => "-".repeat(w)))}`);
  for (const cells of lines) console.log(line(cells));
}

// A server that has been up a while: every combination asked at once for a few seconds first,
// unmeasured, so the measured runs do not include compiling the code paths.
const WARM_UP_SECONDS = 4;
await autocannon({
  url: app.url,
  connections: CONNECTIONS,
  duration: WARM_UP_SECONDS,
  timeout: 10,
  requests: COMBINATIONS.filter((c) => !ONLY || c.label.includes(ONLY)).map((c) => ({
    method: "GET",
    path: `/api/search/profiles?${c.query}`,
    setupRequest: (request: AutocannonRequest) => ({ ...request, headers: headers(sent++) }),
  })),
});

const rows: Row[] = [];
for (const combination of COMBINATIONS) {
  if (ONLY && !combination.label.includes(ONLY)) continue;
  // One path per signed-in searcher: a deep page's cursor is that searcher's own.
  const paths = combination.pages
    ? await Promise.all(
        sessions.map((_, viewer) => deepQuery(combination.query, combination.pages ?? 1, viewer)),
      )
    : [`/api/search/profiles?${combination.query}`];
  const pathOf = (i: number) => paths[i % paths.length] ?? "";
  const path = pathOf(0);
  const first = await fetch(`${app.url}${path}`, { headers: headers(0) });
  const body = (await first.json()) as {
    items?: unknown[];
    total?: { count: number; capped: boolean } | null;
    error?: { message: string };
  };
  if (!first.ok) throw new Error(`${combination.label}: ${first.status} ${body.error?.message}`);
  const found = body.total
    ? `${body.total.count.toLocaleString()}${body.total.capped ? "+" : ""}`
    : `page of ${body.items?.length}`;
  const measured = await measuredRun(app, () =>
    autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: [
        {
          method: "GET",
          path,
          setupRequest: (request) => {
            const i = sent++;
            return { ...request, path: pathOf(i), headers: headers(i) };
          },
        },
      ],
    }),
  );
  const { result } = measured;
  const row: Row = {
    label: combination.label,
    query: combination.query,
    found,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result.non2xx === 0 && result.errors === 0 && result.timeouts === 0,
    cpu: {
      app: measured.appMs / result.requests.total,
      postgres: measured.postgresMs / result.requests.total,
      load: measured.loadGeneratorMs / result.requests.total,
    },
    othersPercent:
      measured.machineBusyPercent -
      ((measured.appMs + measured.postgresMs + measured.loadGeneratorMs) /
        (result.duration * 1000 * 2)) *
        100,
  };
  rows.push(row);
  recordRow(
    rowFromRun(
      "advanced search",
      `${row.label}, ${CONNECTIONS} connections`,
      measured,
      p99Below(TARGET_P99_MS),
    ),
  );
  console.log(
    `${row.label.padEnd(36)} found ${found.padStart(8)}  ${row.rps.toFixed(0).padStart(5)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms ${verdict(row).padEnd(5)}  cpu/req app ${row.cpu.app.toFixed(2)} pg ${row.cpu.postgres.toFixed(2)} load ${row.cpu.load.toFixed(2)} ms, others ${Math.max(0, row.othersPercent).toFixed(0)}%${row.ok ? "" : `  (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`}`,
  );
}
const passed = rows.filter(underTarget);
console.log(
  `\ntarget: every combination p99 < ${TARGET_P99_MS} ms: ${passed.length === rows.length ? "met" : "MISSED"} (${passed.length} of ${rows.length}); load average ${load()}`,
);
printTable(rows);
const after = await app.stats();
console.log(`\napp after the runs: RSS ${mb(after.rss)}, heap ${mb(after.heapUsed)}`);

// The SQL each search still sends: the change log past the watermark, the viewer's blocks, their
// friends (with any attribute filter), and the page read by id (here, each of the three slowest
// combinations' first page).
const printPlan = (title: string, plan: string[]) => {
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS): ${title}`);
  for (const line of plan) {
    if (/->|Execution Time|Planning Time|Buffers: shared/.test(line) || !line.startsWith(" ")) {
      console.log(`  ${line.replace(/\s+\(cost=[^)]*\)/, "").slice(0, 160)}`);
    }
  }
};
const explain = async (statement: string, params: unknown[]) =>
  (
    await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement}`, params)
  ).rows.map((r) => r["QUERY PLAN"]);
printPlan(
  "change log past the watermark",
  await explain(
    "select pg_snapshot_xmin(pg_current_snapshot())::text, array(select distinct user_id from search_changes where txid >= pg_snapshot_xmin(pg_current_snapshot())::text::bigint)",
    [],
  ),
);
const viewerId = viewers[0]?.id ?? "";
printPlan(
  "the viewer's blocks",
  await explainFirstStatement(pool, (db) => inBlockWith(db as Db, viewerId)),
);
printPlan(
  `the viewer's friends (${viewers[0]?.friends})`,
  await explainFirstStatement(pool, (db) => friendsOf(db as Db, viewerId)),
);
for (const row of [...rows].sort((a, b) => b.p99 - a.p99).slice(0, 3)) {
  const page = await fetch(`${app.url}/api/search/profiles?${row.query}`, { headers: headers(0) });
  const ids = ((await page.json()) as { items: { userId: string }[] }).items.map((i) => i.userId);
  const plan = await explainFirstStatement(pool, (db) => readResults(db as Db, { ids, viewerId }));
  printPlan(`page of ${row.label} by id (p99 ${row.p99} ms)`, plan);
}
await app.stop();
console.log(`removed ${await deleteBenchSessions(pool)} bench sessions`);
await pool.end();
