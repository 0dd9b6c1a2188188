// The latest rows of every step of `npm run bench`, kept in the repository (bench/results.json)
// beside the table made from them (docs/bench-results.md): a run of some steps replaces their rows
// and keeps every other step's, on any clone (docs/performance.md "Commands").
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { ResultRow } from "./results";

export const STORE_FILE = "bench/results.json";

/** A step's rows as its last run recorded them, and when that run ended (ISO, UTC). */
export interface StoredStep {
  measuredAt: string;
  rows: ResultRow[];
}

/** By step name. */
export type ResultStore = Record<string, StoredStep>;

export function readStore(file = STORE_FILE): ResultStore {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ResultStore) : {};
}

/** Written with the steps in `order` (bench/run.ts's), indented as the linter formats JSON. */
export function writeStore(store: ResultStore, order: readonly string[], file = STORE_FILE): void {
  const ordered = Object.fromEntries(
    order.flatMap((name) => (store[name] ? [[name, store[name]] as const] : [])),
  );
  writeFileSync(file, `${JSON.stringify(ordered, null, 2)}\n`);
}

/** A step's rows from the JSON lines its bench appended to BENCH_RESULTS (bench/lib/results.ts). */
export function readRowsFile(file: string): ResultRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ResultRow);
}
