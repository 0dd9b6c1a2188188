// The CPU a hot statement's row costs to map (docs/performance.md "Rows mapped by a compiled
// function"): drizzle's generic `mapResultRow` against the function db/row-mapper.ts compiles,
// on every statement `preparedPer` builds, in-process, no database (the statements are built on a
// connection that is never opened). Rows hold text, numbers and timestamps as the driver gives
// them.
//   node --import tsx bench/row-mapping.ts      options: ROWS=200000
import * as drizzle from "drizzle-orm";
import { fromPostgres } from "../src/server/db/client";
import { preparedBuilders } from "../src/server/db/prepared";
import { compileRowMapper, type SelectedField } from "../src/server/db/row-mapper";

const ROWS = Number(process.env.ROWS ?? 200_000);
const TIMESTAMP = "2026-11-28 09:12:13.456+00";

const { mapResultRow } = drizzle as unknown as {
  mapResultRow: (
    fields: SelectedField[],
    row: unknown[],
    joins?: Record<string, boolean>,
  ) => object;
};

interface Statement {
  fields: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  queryString?: string;
}

for (const module of [
  "auth/queries",
  "profiles/queries",
  "posts/queries",
  "posts/timeline-queries",
  "comments/queries",
  "search/queries",
]) {
  await import(`../src/server/modules/${module}`);
}
await import("../src/server/policy/restrictions");
const database = fromPostgres("postgres://nobody@127.0.0.1:1/none", 4);

/** µs a row over ROWS rows, the better of two passes. */
function timePerRow(map: (row: unknown[]) => object, row: unknown[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 2; pass++) {
    const started = performance.now();
    let keys = 0;
    for (let i = 0; i < ROWS; i++) keys += Object.keys(map(row)).length;
    if (keys === 0) throw new Error("nothing mapped");
    best = Math.min(best, ((performance.now() - started) * 1000) / ROWS);
  }
  return best;
}

console.log("| statement (first words) | columns | drizzle µs/row | compiled µs/row |");
console.log("| --- | --- | --- | --- |");
for (const build of preparedBuilders()) {
  const built = build(database.db) as Statement | Record<string, Statement>;
  const statements = "fields" in built ? [built as Statement] : Object.values(built);
  for (const { fields, joinsNotNullableMap, queryString } of statements) {
    const row = fields.map(({ field }, i) =>
      String((field as { columnType?: string }).columnType).includes("Timestamp")
        ? TIMESTAMP
        : i % 3
          ? "some text"
          : 42,
    );
    const drizzleUs = timePerRow((r) => mapResultRow(fields, r, joinsNotNullableMap), row);
    const compiledUs = timePerRow(compileRowMapper(fields, joinsNotNullableMap), row);
    const name = (queryString ?? "").replace(/\s+/g, " ").slice(0, 40);
    console.log(
      `| ${name} | ${fields.length} | ${drizzleUs.toFixed(2)} | ${compiledUs.toFixed(2)} |`,
    );
  }
}
await database.close();
