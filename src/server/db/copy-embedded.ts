// From the embedded default to PostgreSQL (docs/operations.md "From embedded to PostgreSQL"): the
// PGlite database in DATA_DIR/db is copied into an empty PostgreSQL database with the same
// migrations, every table in one transaction, its rows passed as PostgreSQL's own JSON
// (row_to_json → json_populate_recordset: exact for timestamps, numerics, arrays, jsonb and
// bytea). A schema of its own, `embedded_copy`, records the attempt: a run that failed is started
// over, a finished one is only verified again, and any other non-empty target is refused.
import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { fromPglite, fromPostgres, pgliteExtensions } from "./client";

export class CopyRefused extends Error {}

export interface TableCount {
  table: string;
  rows: number;
}

/** A running instance's heartbeat (infra/instances.ts) is not data: the target starts without. */
const SKIPPED = new Set(["instances"]);
const BATCH = 500;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function copyEmbeddedDatabase(options: {
  dataDir: string;
  to: string;
  log: (line: string) => void;
}): Promise<TableCount[]> {
  const dir = path.join(options.dataDir, "db");
  if (!existsSync(dir)) throw new CopyRefused(`No embedded database at ${dir}.`);
  const source = await PGlite.create(dir, { extensions: pgliteExtensions() });
  const target = new pg.Client({ connectionString: options.to });
  await target.connect();
  try {
    // The source as `npm start` would leave it: every migration applied.
    await fromPglite(source).migrate();
    const state = await copyState(target);
    if (state === "finished") {
      options.log("The copy was finished by an earlier run; verifying it.");
      return await verify(source, target);
    }
    if (state === "failed") {
      options.log("An earlier run did not finish; starting the copy over.");
      await target.query(
        "drop schema public cascade; create schema public; drop schema if exists drizzle cascade",
      );
    }
    await target.query(
      `create schema if not exists embedded_copy;
       create table if not exists embedded_copy.state (started_at timestamptz not null default now(), finished_at timestamptz);
       delete from embedded_copy.state; insert into embedded_copy.state default values`,
    );
    const migrated = fromPostgres(options.to, 1);
    try {
      await migrated.migrate();
    } finally {
      await migrated.close();
    }
    await copyTables(source, target, options.log);
    return await verify(source, target);
  } finally {
    await target.end();
    await source.close();
  }
}

/** empty: nothing in it; failed / finished: an earlier run's record; refused otherwise. */
async function copyState(target: pg.Client): Promise<"empty" | "failed" | "finished"> {
  const marked = await target
    .query<{ finished: boolean }>(
      `select finished_at is not null as finished from embedded_copy.state`,
    )
    .catch(() => null);
  const row = marked?.rows[0];
  if (row) return row.finished ? "finished" : "failed";
  const { rows } = await target.query<{ tables: number }>(
    `select count(*)::int as tables from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  const tables = rows[0]?.tables ?? 0;
  if (tables > 0) {
    throw new CopyRefused(
      `The target database is not empty (${tables} ${tables === 1 ? "table" : "tables"}). Give an empty database: the copy never writes over data.`,
    );
  }
  return "empty";
}

async function tablesOf(db: { query: (sql: string) => Promise<{ rows: unknown[] }> }) {
  const { rows } = await db.query(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (rows as { name: string }[]).map((r) => r.name).filter((name) => !SKIPPED.has(name));
}

async function copyTables(source: PGlite, target: pg.Client, log: (line: string) => void) {
  const tables = await tablesOf(target);
  await target.query("begin");
  try {
    // Rows go in table by table, so foreign keys and triggers (the search change log) wait.
    await target.query("set local session_replication_role = replica");
    for (const table of tables) {
      const { rows: columns } = await target.query<{ name: string; always: boolean }>(
        `select column_name as name, identity_generation = 'ALWAYS' as always
           from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
          order by ordinal_position`,
        [table],
      );
      const list = columns.map((c) => quote(c.name)).join(", ");
      const overriding = columns.some((c) => c.always) ? "overriding system value" : "";
      const insert = `insert into ${quote(table)} (${list}) ${overriding}
        select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`;
      let copied = 0;
      await source.transaction(async (tx) => {
        await tx.query(
          `declare rows_out no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`,
        );
        for (;;) {
          const batch = await tx.query<{ row: string }>(`fetch ${BATCH} from rows_out`);
          if (batch.rows.length === 0) break;
          await target.query(insert, [`[${batch.rows.map((r) => r.row).join(",")}]`]);
          copied += batch.rows.length;
        }
      });
      log(`${table}: ${copied.toLocaleString("en-US")} rows`);
    }
    const sequences = await source.query<{ name: string; value: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
              last_value::text as value
         from pg_sequences where schemaname = 'public' and last_value is not null`,
    );
    for (const s of sequences.rows) {
      await target.query("select setval($1::regclass, $2::bigint, true)", [s.name, s.value]);
    }
    await target.query("update embedded_copy.state set finished_at = now()");
    await target.query("commit");
  } catch (error) {
    await target.query("rollback");
    throw error;
  }
}

/** Row counts, table by table, the same on both sides; else the copy is not trusted. */
async function verify(source: PGlite, target: pg.Client): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of await tablesOf(target)) {
    const count = `select count(*)::int as rows from ${quote(table)}`;
    const [from, to] = await Promise.all([
      source.query<{ rows: number }>(count),
      target.query<{ rows: number }>(count),
    ]);
    const rows = from.rows[0]?.rows ?? 0;
    if (rows !== to.rows[0]?.rows) {
      throw new Error(
        `${table}: ${rows} rows in the embedded database, ${to.rows[0]?.rows} copied`,
      );
    }
    counts.push({ table, rows });
  }
  return counts;
}
