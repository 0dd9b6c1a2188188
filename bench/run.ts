// `npm run bench`: every server benchmark in turn on the local PostgreSQL, then one table of what
// each measured against its target (docs/performance.md), written to docs/bench-results.md.
// Seeds `bench_feed` and `bench_search` first unless a finished seeding is there to reuse. Each
// bench runs in a process of its own, alone on the machine, its full report written to
// .test-data/bench/<step>.log; the rows it measured come back through BENCH_RESULTS and are kept
// per step in bench/results.json (bench/lib/results-store.ts), in the repository, so a step run
// again replaces its own rows and keeps the others', on any clone.
//   npm run bench                   everything (about 20 minutes once seeded)
//   npm run bench -- feed toggles   only the steps whose names contain one of the words
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { benchDatabaseUrl, FEED_DB_NAME, seededWith } from "./lib/bench-db";
import { readRowsFile, readStore, writeStore } from "./lib/results-store";
import {
  type BenchStep,
  RESULTS_FILE,
  ratiosToCeiling,
  resultsTable,
  serverResultsMarkdown,
  writeResultsSection,
} from "./lib/results-table";

const LOG_DIR = ".test-data/bench";
const ROWS_DIR = `${LOG_DIR}/rows`;
const slug = (name: string) => name.replaceAll(" ", "-");
const rowsFile = (step: BenchStep) => `${ROWS_DIR}/${slug(step.name)}.jsonl`;
const feedUrl = benchDatabaseUrl(FEED_DB_NAME, "BENCH_FEED_DATABASE_URL").url;
const searchUrl = benchDatabaseUrl("bench_search", "BENCH_SEARCH_DATABASE_URL").url;

const seeds = {
  feed: { url: feedUrl, script: "bench/seed-feed.ts" },
  search: { url: searchUrl, script: "bench/seed-search.ts" },
};

const steps: (BenchStep & { needs?: keyof typeof seeds })[] = [
  { name: "start-up", script: "bench/start-up.ts" },
  { name: "trivial routes", script: "bench/trivial-route.ts" },
  { name: "feed", script: "bench/feed-latency.ts", needs: "feed" },
  {
    name: "feed 10000 readers",
    script: "bench/feed-latency.ts",
    needs: "feed",
    env: { READERS: "10000", ONLY: "active" },
  },
  {
    name: "feed returning readers",
    script: "bench/feed-latency.ts",
    needs: "feed",
    env: { READERS: "10000", ONLY: "returning" },
  },
  { name: "pages", script: "bench/page-reads.ts", needs: "feed" },
  {
    name: "toggles",
    script: "bench/toggles.ts",
    needs: "feed",
    env: { BENCH_DATABASE_URL: feedUrl },
  },
  {
    name: "header search",
    script: "bench/search-latency.ts",
    needs: "search",
    env: { BENCH_DATABASE_URL: searchUrl },
  },
  { name: "advanced search", script: "bench/search-filters.ts", needs: "search" },
  { name: "message send", script: "bench/mail-delivery.ts", env: { RATES: "50,100" } },
  { name: "outbound mail", script: "bench/mail-outbound.ts" },
  { name: "push", script: "bench/push-delivery.ts" },
  { name: "post images", script: "bench/post-images.ts" },
  {
    name: "realtime",
    script: "bench/realtime-fanout.ts",
    needs: "feed",
    env: { BENCH_DATABASE_URL: feedUrl },
  },
  { name: "inbound smtp", script: "bench/smtp-inbound.ts" },
  { name: "federation fan-out", script: "bench/federation-fanout.ts" },
  { name: "federation inbound", script: "bench/federation-inbound.ts" },
  // Last: its base backup copies every database of the server, the seeded ones too.
  { name: "replica reads", script: "bench/replica-reads.ts" },
];

const words = process.argv.slice(2).map((w) => w.toLowerCase());
const chosen = words.length ? steps.filter((s) => words.some((w) => s.name.includes(w))) : steps;
if (chosen.length === 0) {
  console.error(
    `no step matches ${words.join(" ")}; steps: ${steps.map((s) => s.name).join(", ")}`,
  );
  process.exit(2);
}

mkdirSync(ROWS_DIR, { recursive: true });

/** Runs a script; its output goes to `log`, and each line also to `echo` when given. */
function run(
  script: string,
  env: Record<string, string>,
  log: string,
  echo?: (line: string) => void,
) {
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const file = createWriteStream(log);
    let pending = "";
    const onData = (chunk: Buffer) => {
      file.write(chunk);
      if (!echo) return;
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) echo(line);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("close", (code) => file.end(() => resolve(code ?? 1)));
  });
}

const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(0)} s`;
for (const need of new Set(chosen.flatMap((s) => (s.needs ? [s.needs] : [])))) {
  const seed = seeds[need];
  const done = await seededWith(seed.url);
  const name = new URL(seed.url).pathname.slice(1);
  if (done) {
    console.log(
      `reusing ${name}, seeded ${done.seededAt.toISOString().slice(0, 16)} with ${JSON.stringify(done.options)}`,
    );
    continue;
  }
  console.log(`seeding ${name} (${seed.script}); each phase as it ends:`);
  const t0 = performance.now();
  const code = await run(seed.script, {}, `${LOG_DIR}/seed-${need}.log`, (line) =>
    process.stdout.write(`  ${line}\n`),
  );
  if (code !== 0) {
    console.error(`seeding ${name} failed (exit ${code}); see ${LOG_DIR}/seed-${need}.log`);
    process.exit(1);
  }
  console.log(`seeded ${name} in ${seconds(t0)}`);
}

const store = readStore();
const order = steps.map((step) => step.name);
const failed: string[] = [];
for (const [i, step] of chosen.entries()) {
  const log = `${LOG_DIR}/${slug(step.name)}.log`;
  process.stdout.write(
    `[${i + 1}/${chosen.length}] ${step.name} (${step.script}), load average ${loadavg()[0]?.toFixed(1)} … `,
  );
  const t0 = performance.now();
  rmSync(rowsFile(step), { force: true });
  const code = await run(step.script, { ...step.env, BENCH_RESULTS: rowsFile(step) }, log);
  console.log(`${code === 0 ? "done" : `FAILED (exit ${code})`} in ${seconds(t0)}; ${log}`);
  if (code !== 0) failed.push(step.name);
  // What the step recorded replaces its rows, even when it failed part way; none, and it has none.
  if (existsSync(rowsFile(step))) {
    store[step.name] = { measuredAt: new Date().toISOString(), rows: readRowsFile(rowsFile(step)) };
  } else delete store[step.name];
  writeStore(store, order);
}
ratiosToCeiling(chosen.flatMap((step) => store[step.name]?.rows ?? []));
writeStore(store, order);

// Every step's latest rows, in the steps' order: this run's, and earlier runs' for the others.
const measured = steps.flatMap((step) => {
  const kept = store[step.name];
  return kept ? [{ step: step.name, at: new Date(kept.measuredAt), rows: kept.rows }] : [];
});
const rows = measured.flatMap((m) => m.rows);
console.log(`\n${resultsTable(rows)}`);
const met = rows.filter((r) => r.target?.met).length;
console.log(
  `\n${met} of ${rows.filter((r) => r.target).length} targets met; ${failed.length ? `failed: ${failed.join(", ")}; ` : ""}${seconds(started)} in all`,
);
const minutes = (performance.now() - started) / 60_000;
writeResultsSection("Server", serverResultsMarkdown(rows, { failed, minutes, measured }));
console.log(`written to ${RESULTS_FILE}`);
process.exit(failed.length ? 1 : 0);
