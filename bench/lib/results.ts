// The rows a bench adds to `npm run bench`'s table (bench/run.ts, docs/bench-results.md): each
// measured load as one JSON line appended to the file BENCH_RESULTS names. A bench run on its own
// (no BENCH_RESULTS) only prints its report.
import { appendFileSync } from "node:fs";
import type { MeasuredRun } from "./load-report";

export interface Target {
  /** The goal in words, e.g. "p99 < 100 ms". */
  text: string;
  met: boolean;
}

export interface ResultRow {
  bench: string;
  load: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that were not the expected status, connection errors and timeouts. */
  errors: number;
  /** CPU per request in ms: the app (all instances) and PostgreSQL, when measured. */
  cpuAppMs?: number;
  cpuPostgresMs?: number;
  /** The bare Fastify 'hello' of the same run: the ceiling the other rows are compared with. */
  ceiling?: boolean;
  /** The row's ratio to the ceiling as its bench measured it (the trivial routes: the median of
   * each round's ratio), instead of its rate over the ceiling row's. */
  ceilingRatio?: number;
  /** Measured by calling the code one request at a time, not over HTTP: no ceiling ratio. */
  inProcess?: boolean;
  target?: Target;
}

export function recordRow(row: ResultRow): void {
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/** A row from one autocannon run measured by `measuredRun`. */
export function rowFromRun(
  bench: string,
  load: string,
  run: MeasuredRun,
  target?: (row: ResultRow) => Target,
): ResultRow {
  const { result } = run;
  const total = Math.max(1, result.requests.total);
  const row: ResultRow = {
    bench,
    load,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuAppMs: run.appMs / total,
    cpuPostgresMs: run.postgresMs / total,
  };
  if (target) row.target = target(row);
  return row;
}

/** Target helpers shared by the benches (the goals of docs/performance.md). */
export const p99Below =
  (ms: number, extra?: { maxBelow?: number }) =>
  (row: ResultRow): Target => ({
    text: `p99 < ${ms} ms${extra?.maxBelow ? `, max < ${extra.maxBelow} ms` : ""}, no errors`,
    met: row.p99Ms < ms && row.errors === 0 && (!extra?.maxBelow || row.maxMs < extra.maxBelow),
  });

export const rateAtLeast =
  (perSecond: number) =>
  (row: ResultRow): Target => ({
    text: `≥ ${perSecond.toLocaleString("en")}/s, no errors`,
    met: row.requestsPerSec >= perSecond && row.errors === 0,
  });
