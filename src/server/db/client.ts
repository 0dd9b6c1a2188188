// Opens the database: embedded PGlite in DATA_DIR/db by default, PostgreSQL (pg, and postgres.js
// for the hot reads: db/postgres-pools.ts) when DATABASE_URL is set, with the read replicas of
// DATABASE_READ_URLS beside it (db/replicas.ts).
// Both speak the PostgreSQL dialect, so one Drizzle schema and one set of migrations serve both.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Db } from "./handle";
import { openPools } from "./postgres-pools";
import { readThrough } from "./read-routing";
import { type ReplicaOptions, ReplicaSet } from "./replicas";

export type { Db } from "./handle";

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool: connections open, idle, and queries waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The read replicas (DATABASE_READ_URLS), on PostgreSQL only. */
  replicas?: ReplicaSet;
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

export function fromPostgres(
  connectionString: string,
  max = 10,
  onError: (error: Error) => void = () => {},
  replicas?: ReplicaOptions,
): Database {
  const primary = openPools(connectionString, max, onError);
  const db = primary.db as unknown as Db;
  const { pool } = primary;
  const readers =
    replicas && replicas.urls.length > 0
      ? new ReplicaSet(pool, { ...replicas, max, onError })
      : undefined;
  if (readers) readThrough(db, readers);
  return {
    db,
    kind: "postgres",
    migrate: () => migratePg(primary.db, { migrationsFolder }),
    close: async () => {
      await Promise.all([primary.close(), readers?.close()]);
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...(readers ? { replicas: readers } : {}),
  };
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  readUrls?: string[];
  poolSize?: number;
  dataDir: string;
  onError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    return fromPostgres(options.databaseUrl, options.poolSize, options.onError, {
      urls: options.readUrls ?? [],
    });
  }
  const dir = path.join(options.dataDir, "db");
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: pgliteExtensions() });
  return fromPglite(client);
}

/** Resolves once the database answers a query: the start's wait and the dependency watch
 * (docs/operations.md "Start and stop"). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL query; pg and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
