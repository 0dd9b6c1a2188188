// Opens the database: embedded PGlite in DATA_DIR/db by default, PostgreSQL (postgres.js) when
// DATABASE_URL is set.
// Both speak the PostgreSQL dialect, so one Drizzle schema and one set of migrations serve both.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/postgres-js/migrator";
import { openPostgresPool } from "./postgres-client";

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: statements asked for and not yet answered (db/postgres-client.ts). */
  queriesInFlight?: () => number;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

export function pgliteExtensions() {
  return { pg_trgm };
}

/** Wraps an open PGlite instance (a data dir, memory, or a loaded snapshot). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function fromPostgres(connectionString: string, max = 10): Database {
  const pool = openPostgresPool(connectionString, max);
  return {
    db: pool.db as unknown as Db,
    kind: "postgres",
    migrate: () => migratePg(pool.db, { migrationsFolder }),
    close: pool.close,
    queriesInFlight: pool.inFlight,
  };
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  poolSize?: number;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    return fromPostgres(options.databaseUrl, options.poolSize);
  }
  const dir = path.join(options.dataDir, "db");
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: pgliteExtensions() });
  return fromPglite(client);
}

/** Rows of a raw SQL query: PGlite answers with `{ rows }`, postgres.js with the rows. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}
