// Opens the database: embedded PGlite in DATA_DIR/db by default, PostgreSQL (pg, and postgres.js
// for the hot reads) when DATABASE_URL is set.
// Both speak the PostgreSQL dialect, so one Drizzle schema and one set of migrations serve both.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Db } from "./handle";
import { openHotReads } from "./postgres-client";
import { sendHotReadsThrough } from "./prepared";

export type { Db } from "./handle";

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool: connections open, idle, and queries waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
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

/** How long making a connection, or waiting for one of the pool's, may take. */
const CONNECT_TIMEOUT_S = 10;

export function fromPostgres(
  connectionString: string,
  max = 10,
  onError: (error: Error) => void = () => {},
): Database {
  // A quarter of the connections (at least one) carry the hot reads (db/postgres-client.ts),
  // which postgres.js pipelines; the rest are for writes, whose transactions hold a connection
  // from `begin` to `commit` (docs/performance.md "postgres.js's queue").
  const hotMax = Math.max(1, Math.floor(max / 4));
  const hot = openHotReads(connectionString, hotMax, CONNECT_TIMEOUT_S);
  // Many small requests at once on few cores: a query never waits for parallel workers to start
  // (docs/performance.md "Parallel query").
  const pool = new pg.Pool({
    connectionString,
    max: Math.max(1, max - hotMax),
    options: "-c max_parallel_workers_per_gather=0",
    // A server that takes the connection and never answers (one shutting down) fails the request
    // as unavailable (db/errors.ts) instead of holding it: docs/operations.md "Database".
    connectionTimeoutMillis: CONNECT_TIMEOUT_S * 1000,
  });
  // A connection that dies (server restart, network) must not crash the process. The pool
  // listens to its idle connections only, not to one it has lent (a transaction's), whose error
  // would then be thrown: each connection gets a listener of its own, which reports it (the pool's
  // own event repeats an idle one's). The query in flight fails on its own, and the pool drops
  // the connection when it is given back.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", onError));
  const db = drizzlePg({ client: pool });
  sendHotReadsThrough(db as unknown as Db, hot.db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder }),
    close: async () => {
      await Promise.all([pool.end(), hot.close()]);
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  poolSize?: number;
  dataDir: string;
  onError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    return fromPostgres(options.databaseUrl, options.poolSize, options.onError);
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
