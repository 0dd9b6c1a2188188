// The compiled row mapper (db/row-mapper.ts) against drizzle's own `mapResultRow`, on every
// statement `preparedPer` builds anywhere in the server: the same objects, the same keys in the
// same order, the same nulls for joined tables that matched nothing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as drizzle from "drizzle-orm";
import { sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { random as seededRandom } from "../test-support/random";
import { type Database, fromPostgres } from "./client";
import { preparedBuilders } from "./prepared";
import { compileRowMapper, compileRowsOf, type SelectedField } from "./row-mapper";

/** Drizzle's own mapper (exported, but not in its types). */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow: (
    fields: SelectedField[],
    row: unknown[],
    joins: Record<string, boolean> | undefined,
  ) => unknown;
};

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The server's source files that build prepared statements. */
function filesWithPreparedStatements(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesWithPreparedStatements(file);
    const source = /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name);
    return source && readFileSync(file, "utf8").includes("= preparedPer(") ? [file] : [];
  });
}

interface Statement {
  queryString?: string;
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/** Values a driver may hand over, one of which each column's decoder must accept. */
const CANDIDATES: unknown[] = [
  "2026-11-28 09:12:13.456+00",
  "plain text",
  42,
  true,
  false,
  ["a", "b"],
  '{"k":[1,2]}',
  "0.5",
];

function acceptedValues(field: SelectedField): unknown[] {
  return CANDIDATES.filter((value) => {
    try {
      mapResultRow([{ path: ["v"], field: field.field }], [value], undefined);
      return true;
    } catch {
      return false;
    }
  });
}

/** Rows: random values and nulls, all nulls, and each column alone null. */
function sampleRows(fields: SelectedField[], random: () => number): unknown[][] {
  const accepted = fields.map(acceptedValues);
  const some = (i: number) => {
    const values = accepted[i] as unknown[];
    return values[Math.floor(random() * values.length)] ?? null;
  };
  const rows = Array.from({ length: 200 }, () =>
    fields.map((_, i) => (random() < 0.25 ? null : some(i))),
  );
  rows.push(fields.map(() => null));
  fields.forEach((_, nulled) => {
    rows.push(fields.map((__, i) => (i === nulled ? null : some(i))));
  });
  return rows;
}

/** Same values (Dates by time), same keys in the same order, at every depth. */
function expectSameObject(actual: unknown, expected: unknown) {
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

describe("rows mapped by a compiled function", () => {
  let database: Database;
  let statements: { statement: Statement }[];

  beforeAll(async () => {
    for (const file of filesWithPreparedStatements(serverDir)) await import(file);
    // Statements are built without a connection; none is opened.
    database = fromPostgres("postgres://nobody@127.0.0.1:1/none", 4);
    statements = preparedBuilders().flatMap((build) => {
      const built = build(database.db) as Statement | Record<string, Statement>;
      // As preparedPer does with what a builder returns: a statement or an object of them.
      compileRowsOf(built);
      const list: Statement[] = "fields" in built ? [built as Statement] : Object.values(built);
      return list.map((statement) => ({ statement }));
    });
  });

  afterAll(async () => {
    await database.close();
  });

  it("finds every hot statement of the server, each returning rows or a write", () => {
    const declared = filesWithPreparedStatements(serverDir)
      .map((file) => readFileSync(file, "utf8").split("= preparedPer(").length - 1)
      .reduce((sum, n) => sum + n, 0);
    expect(preparedBuilders()).toHaveLength(declared);
    expect(declared).toBeGreaterThanOrEqual(10);
    for (const { statement } of statements) {
      if (statement.fields?.length) continue;
      // A write that returns nothing has no rows to map.
      expect(statement.queryString).toMatch(/^(insert|update|delete) /);
      expect(statement.customResultMapper).toBeUndefined();
    }
  });

  it("maps every hot statement's rows as drizzle does, through the mapper it installs", () => {
    const random = seededRandom(7);
    let compared = 0;
    for (const { statement } of statements) {
      const { fields = [], joinsNotNullableMap, customResultMapper } = statement;
      if (fields.length === 0) continue;
      expect(customResultMapper).toBeTypeOf("function");
      const rows = sampleRows(fields, random);
      const mapped = customResultMapper?.(rows) ?? [];
      rows.forEach((row, i) => {
        expectSameObject(mapped[i], mapResultRow(fields, row, joinsNotNullableMap));
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it("nulls a left-joined table by its first column, as drizzle does", () => {
    const people = pgTable("people", { id: text("id").primaryKey(), name: text("name") });
    const pics = pgTable("pics", {
      personId: text("person_id"),
      url: text("url"),
      at: timestamp("at", { mode: "date", withTimezone: true }),
    });
    const statement = database.db
      .select({ person: people, pic: pics, n: sql<number>`1` })
      .from(people)
      .leftJoin(pics, sql`true`)
      .prepare("row_mapper_probe") as unknown as Required<Statement>;
    const map = compileRowMapper(statement.fields, statement.joinsNotNullableMap);
    const at = "2026-11-28 09:12:13.456+00";
    expect(map(["p1", "Ann", null, null, null, 1])).toStrictEqual({
      person: { id: "p1", name: "Ann" },
      pic: null,
      n: 1,
    });
    // A first column that is null hides the rest, as in drizzle (docs/performance.md).
    expect(map(["p1", "Ann", null, "u", at, 1])).toStrictEqual({
      person: { id: "p1", name: "Ann" },
      pic: null,
      n: 1,
    });
    expect(map(["p1", null, "p1", null, at, 1])).toStrictEqual({
      person: { id: "p1", name: null },
      pic: { personId: "p1", url: null, at: new Date("2026-11-28T09:12:13.456Z") },
      n: 1,
    });
  });
});
