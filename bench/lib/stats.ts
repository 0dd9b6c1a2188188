// Deterministic randomness and latency summaries shared by the benchmarks.
import { readdirSync, readFileSync } from "node:fs";

export { random } from "../../src/server/test-support/random";

export const pickFrom =
  (next: () => number) =>
  <T>(list: readonly T[]): T =>
    list[Math.floor(next() * list.length)] as T;

/** Fisher–Yates shuffle in place. */
export function shuffle<T>(list: T[], next: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ] as number;
}

export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, v) => sum + v, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? total / sorted.length : Number.NaN,
  };
}

export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;

export function formatSummary(s: Summary, digits = 1): string {
  return `n=${s.count} p50=${ms(s.p50, digits)} p90=${ms(s.p90, digits)} p99=${ms(s.p99, digits)} max=${ms(s.max, digits)}`;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `task` over `items` with at most `limit` in flight; returns results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Whole-machine CPU counters from /proc/stat (Linux), to tell who is busy during a run. */
export function machineCpu(): { busy: number; total: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((sum, v) => sum + v, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Share of all cores busy between two `machineCpu()` readings, as a percentage. */
export const busyPercent = (
  a: { busy: number; total: number },
  b: { busy: number; total: number },
) => (b.total > a.total ? ((b.busy - a.busy) / (b.total - a.total)) * 100 : Number.NaN);

const TICK_MS = 10; // Linux USER_HZ is 100

/** CPU ticks of one process from its /proc stat line: utime, stime, cutime, cstime (fields
 * 14–17; the last two count its ended children). */
function ticksOf(stat: string): number {
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  return (fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0);
}

/** A backend's process title: `postgres: user database host(port) state`, with the cluster's
 * name after `postgres: ` where it has one (Debian's `15/main: `). */
const BACKEND_TITLE = /^postgres: (?:\S+: )?\S+ (\S+) /;

/** The CPU ticks of each backend serving `database`, by pid. */
function backendTicks(database: string): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
      if (title.match(BACKEND_TITLE)?.[1] === database) ticks.set(pid, ticksOf(stat));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks;
}

/**
 * Starts counting the CPU of the PostgreSQL backends serving `database` (docs/performance.md
 * "How it is measured"): the returned function answers the ms they used since, each backend from
 * its CPU at the start (or from nothing, if it began since). Other databases' backends, another
 * bench's or a test suite's, and the server's own processes are not counted; nor is a backend that
 * ended in between (the app's pools keep theirs open).
 */
export function backendCpuMeter(database: string): () => number {
  const start = backendTicks(database);
  return () => {
    let ticks = 0;
    for (const [pid, now] of backendTicks(database)) ticks += now - (start.get(pid) ?? 0);
    return ticks * TICK_MS;
  };
}

/** CPU ms used so far by the process `pid` (all its threads); NaN once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    return ticksOf(readFileSync(`/proc/${pid}/stat`, "utf8")) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
