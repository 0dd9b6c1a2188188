// npm run bench's kept rows (bench/lib/results-store.ts) and the ratio each row of a run gets to
// that run's bare 'hello' (results-table.ts ratiosToCeiling).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ResultRow } from "./results";
import { readStore, writeStore } from "./results-store";
import { ratiosToCeiling } from "./results-table";

const row = (load: string, requestsPerSec: number, extra: Partial<ResultRow> = {}): ResultRow => ({
  bench: "b",
  load,
  requestsPerSec,
  p50Ms: 1,
  p99Ms: 2,
  maxMs: 3,
  errors: 0,
  ...extra,
});

describe("the bench's kept rows", () => {
  it("are written in the steps' order and read back as they were", () => {
    const file = join(mkdtempSync(join(tmpdir(), "bench-store-")), "results.json");
    expect(readStore(file)).toEqual({});
    const store = {
      feed: { measuredAt: "2026-12-02T16:06:00.000Z", rows: [row("first reads", 700)] },
      "start-up": { measuredAt: "2026-12-01T04:14:00.000Z", rows: [row("new", 0)] },
    };
    writeStore(store, ["start-up", "trivial routes", "feed"], file);
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8")))).toEqual(["start-up", "feed"]);
    expect(readStore(file)).toEqual(store);
  });
});

describe("ratios to the ceiling", () => {
  it("are given against the same run's bare 'hello', never to in-process rows or over a bench's own", () => {
    const rows = [
      row("bare hello", 50_000, { ceiling: true }),
      row("app /healthz", 40_000, { ceilingRatio: 0.79 }),
      row("first reads", 500),
      row("header search", 200, { inProcess: true }),
    ];
    ratiosToCeiling(rows);
    expect(rows.map((r) => r.ceilingRatio)).toEqual([1, 0.79, 0.01, undefined]);
  });

  it("are not given by a run without the ceiling", () => {
    const rows = [row("first reads", 500)];
    ratiosToCeiling(rows);
    expect(rows[0]?.ceilingRatio).toBeUndefined();
  });
});
