// Rows of the prepared hot reads (db/prepared.ts) mapped by a function compiled once per
// statement. Drizzle's own mapper (`mapResultRow`) works out, for every column of every row, what
// kind of field it is, walks its path and grows the result key by key: 7% of the app's CPU on
// first reads (docs/performance.md "Rows mapped by a compiled function"). The compiled function
// builds the same object as one literal: row-mapper.test.ts compares the two on every hot statement.
import { Column, getTableName, is, noopDecoder, SQL, Subquery } from "drizzle-orm";
import { PgPreparedQuery } from "drizzle-orm/pg-core";

/** A selected column as drizzle orders them for a prepared query: where it goes, what it is. */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** An SQL expression's decoder (drizzle's, internal to its types). */
type Decoded = { decoder: Decoder };

/** What drizzle decodes a column with (as `mapResultRow` picks it). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

const passesThrough = (decoder: Decoder) =>
  decoder === noopDecoder || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;

type Node = { index: number } | { children: Map<string, Node>; nullWhen?: number };

/** The fields as a tree of result keys, in the order drizzle adds them. */
function treeOf(fields: SelectedField[]): Map<string, Node> {
  const root = new Map<string, Node>();
  fields.forEach(({ path }, index) => {
    let level = root;
    path.forEach((key, depth) => {
      if (key === "__proto__") throw new Error("a selected field named __proto__");
      if (depth === path.length - 1) {
        level.set(key, { index });
        return;
      }
      let node = level.get(key);
      if (!node) {
        node = { children: new Map() };
        level.set(key, node);
      }
      if (!("children" in node)) throw new Error(`field ${path.join(".")} under a value`);
      level = node.children;
    });
  });
  return root;
}

/**
 * Drizzle's rule for a joined table that matched nothing: a top-level object whose columns all
 * come from one table that the joins make nullable is null when its first column is null. Marks
 * such objects with the index of that first column.
 */
function markNullableJoins(
  tree: Map<string, Node>,
  fields: SelectedField[],
  joins: Record<string, boolean> | undefined,
) {
  if (!joins) return;
  const firstTable = new Map<string, { table: string; index: number } | null>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const [name] = path as [string];
    const table = getTableName(field.table);
    const seen = firstTable.get(name);
    if (seen === undefined) firstTable.set(name, { table, index });
    else if (seen && seen.table !== table) firstTable.set(name, null);
  });
  for (const [name, first] of firstTable) {
    const node = tree.get(name);
    if (first && node && "children" in node && !joins[first.table]) node.nullWhen = first.index;
  }
}

/** A function building `mapResultRow(fields, row, joins)`'s object from a row. */
export function compileRowMapper(
  fields: SelectedField[],
  joins?: Record<string, boolean>,
): RowMapper {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const tree = treeOf(fields);
  markNullableJoins(tree, fields, joins);
  const value = (index: number) =>
    passesThrough(decoders[index] as Decoder)
      ? `row[${index}]`
      : `(row[${index}] === null ? null : d[${index}].mapFromDriverValue(row[${index}]))`;
  const literal = (level: Map<string, Node>): string =>
    `{${[...level]
      .map(([key, node]) => {
        if ("index" in node) return `${JSON.stringify(key)}: ${value(node.index)}`;
        const object = literal(node.children);
        const guarded =
          node.nullWhen === undefined
            ? object
            : `row[${node.nullWhen}] === null ? null : ${object}`;
        return `${JSON.stringify(key)}: ${guarded}`;
      })
      .join(", ")}}`;
  return new Function("d", `return (row) => (${literal(tree)});`)(decoders) as RowMapper;
}

interface MappedStatement {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** Gives a prepared select, or each one among an object's values, a compiled row mapper. */
export function compileRowsOf(built: unknown): void {
  const statements = is(built, PgPreparedQuery)
    ? [built]
    : typeof built === "object" && built !== null
      ? Object.values(built).filter((value) => is(value, PgPreparedQuery))
      : [];
  for (const statement of statements as MappedStatement[]) {
    const { fields, joinsNotNullableMap, customResultMapper } = statement;
    if (!fields || customResultMapper) continue;
    const map = compileRowMapper(fields, joinsNotNullableMap);
    statement.customResultMapper = (rows) => rows.map(map);
  }
}
