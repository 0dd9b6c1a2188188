// The table `npm run bench` prints and writes to docs/bench-results.md: one row per measured load,
// with its ratio to the ceiling (the bare Fastify 'hello' of the same run) and its target.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import type { ResultRow } from "./results";
import { STORE_FILE } from "./results-store";

export interface BenchStep {
  name: string;
  script: string;
  env?: Record<string, string>;
}

const HEADER = [
  "bench",
  "load",
  "req/s",
  "p50",
  "p99",
  "max",
  "errors",
  "CPU/req app · PG",
  "× ceiling",
  "target",
  "",
];

/** CPU a request in the app and in PostgreSQL: in µs below a tenth of a millisecond (the cheapest
 * routes cost 10–15 µs, which two decimals of a millisecond would round alike). */
function cpuCell(appMs: number, postgresMs: number | undefined): string {
  if (appMs < 0.1) {
    const us = (v: number) => `${(v * 1000).toFixed(0)} µs`;
    return `${us(appMs)} · ${postgresMs === undefined ? "–" : us(postgresMs)}`;
  }
  return `${appMs.toFixed(2)} · ${postgresMs?.toFixed(2) ?? "–"} ms`;
}

function cells(rows: ResultRow[]): string[][] {
  const ms = (v: number) => `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`;
  return rows.map((r) => [
    r.bench,
    r.load,
    r.inProcess && r.requestsPerSec === 0 ? "–" : r.requestsPerSec.toFixed(0),
    ms(r.p50Ms),
    ms(r.p99Ms),
    ms(r.maxMs),
    String(r.errors),
    r.cpuAppMs === undefined ? "" : cpuCell(r.cpuAppMs, r.cpuPostgresMs),
    r.ceilingRatio?.toFixed(3) ?? "",
    r.target?.text ?? "",
    r.target ? (r.target.met ? "pass" : "FAIL") : "",
  ]);
}

/** Gives each row of one run its ratio to that run's bare Fastify 'hello' (the ceiling row),
 * unless its bench set one or it was measured in-process; a run without the ceiling gives none,
 * as a ratio to another run's would compare two moments of the machine. */
export function ratiosToCeiling(runRows: ResultRow[]): void {
  const ceiling = runRows.find((r) => r.ceiling)?.requestsPerSec;
  if (!ceiling) return;
  for (const row of runRows) {
    if (row.ceilingRatio === undefined && !row.inProcess) {
      row.ceilingRatio = row.requestsPerSec / ceiling;
    }
  }
}

/** Aligned plain text for the terminal. */
export function resultsTable(rows: ResultRow[]): string {
  const table = [HEADER, ...cells(rows)];
  const widths = HEADER.map((_, c) => Math.max(...table.map((row) => (row[c] ?? "").length)));
  const numeric = new Set([2, 3, 4, 5, 6, 8]);
  return table
    .map((row) =>
      row
        .map((cell, c) =>
          numeric.has(c) ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export const RESULTS_FILE = "docs/bench-results.md";

const PREAMBLE = [
  "# Benchmark results",
  "",
  "Written by `npm run bench` (the server, [bench/run.ts](../bench/run.ts)) and `npm run bench:web`",
  "(Lighthouse, [bench/lighthouse.ts](../bench/lighthouse.ts)), each replacing its own section. How",
  "each bench works: [performance.md](performance.md); what its figures meant over time:",
  "[performance-log.md](performance-log.md).",
  "Rerun to refresh; do not edit by hand.",
  "",
].join("\n");

/** Replaces the `## title` section of docs/bench-results.md (up to the next `## `) with `body`. */
export function writeResultsSection(title: string, body: string): void {
  const old = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, "utf8") : PREAMBLE;
  const heading = `## ${title}\n`;
  const section = `${heading}\n${body.trim()}\n`;
  const start = old.indexOf(heading);
  if (start < 0) {
    writeFileSync(RESULTS_FILE, `${old.trimEnd()}\n\n${section}`);
    formatResults();
    return;
  }
  const next = old.indexOf("\n## ", start + heading.length);
  const rest = next < 0 ? "" : old.slice(next + 1);
  writeFileSync(RESULTS_FILE, `${old.slice(0, start)}${section}${rest ? `\n${rest}` : ""}`);
  formatResults();
}

/** Tables aligned as the linter wants them (`npm test` checks the docs' format too). */
function formatResults() {
  execFileSync("node_modules/.bin/biome", ["format", "--write", RESULTS_FILE], { stdio: "ignore" });
}

/** When, at which commit and on what machine: the first lines of a section. */
export function runContext(minutes: number): string[] {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--short", "HEAD");
  // The code measured is the commit only when nothing under src/ or bench/ was changed since (the
  // kept rows, which the run itself writes, aside).
  const changed =
    git(
      "status",
      "--porcelain",
      "--untracked-files=no",
      "--",
      "src",
      "bench",
      `:!${STORE_FILE}`,
    ) !== "";
  const took = minutes < 1.5 ? "1 minute" : `${minutes.toFixed(0)} minutes`;
  return [
    `- When: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit \`${commit}\`${changed ? " with changes not yet committed" : ""}; this run took ${took}`,
    `- Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.versions.node}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} at the end`,
  ];
}

export const markdownRow = (row: string[]) =>
  `| ${row.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;

export function serverResultsMarkdown(
  rows: ResultRow[],
  run: { failed: string[]; minutes: number; measured: { step: string; at: Date }[] },
): string {
  const met = rows.filter((r) => r.target?.met).length;
  const when = (at: Date) => at.toISOString().slice(0, 16).replace("T", " ");
  return [
    ...runContext(run.minutes),
    `- Each step when last measured (UTC): ${run.measured.map((m) => `${m.step} ${when(m.at)}`).join("; ")}`,
    `- Targets met: **${met} of ${rows.filter((r) => r.target).length}**${run.failed.length ? `; steps that failed: ${run.failed.join(", ")}` : ""}`,
    "",
    "CPU/req is the CPU time one request cost the app (for the bare rows: the bare server) and",
    "the PostgreSQL backends of the bench's database (measured since 2026-11-30; before, every",
    "PostgreSQL process on the machine), in ms; × ceiling is the row's requests a second over the bare",
    "Fastify 'hello' measured in the same run (in-process rows have none; the trivial routes give the",
    "median of their rounds, each against the bare runs beside it, with that round's figures).",
    "The latency of the message, realtime and SMTP rows runs from the request to the recipient's socket, the push row's to the push service.",
    "",
    markdownRow(HEADER.slice(0, -1).concat("result")),
    markdownRow(HEADER.map(() => "---")),
    ...cells(rows).map(markdownRow),
  ].join("\n");
}
