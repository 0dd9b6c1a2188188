// The connections an instance keeps to one PostgreSQL server, the primary or a read replica
// (db/replicas.ts): node-postgres for writes, transactions and most reads, and postgres.js for the
// hot reads (db/postgres-client.ts), which postgres.js pipelines.
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "./handle";
import { openHotReads } from "./postgres-client";
import { sendHotReadsThrough } from "./prepared";

/** How long making a connection, or waiting for one of the pool's, may take. */
const CONNECT_TIMEOUT_S = 10;

export interface PostgresPools {
  db: NodePgDatabase;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** `reconnectAfterS`: db/postgres-client.ts. */
export function openPools(
  connectionString: string,
  max: number,
  onError: (error: Error) => void,
  reconnectAfterS?: number,
): PostgresPools {
  // A quarter of the connections (at least one) carry the hot reads (db/postgres-client.ts),
  // which postgres.js pipelines; the rest are for writes, whose transactions hold a connection
  // from `begin` to `commit` (docs/performance.md "postgres.js's queue").
  const hotMax = Math.max(1, Math.floor(max / 4));
  const hot = openHotReads(connectionString, hotMax, CONNECT_TIMEOUT_S, reconnectAfterS);
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
  const db = drizzle({ client: pool });
  sendHotReadsThrough(db as unknown as Db, hot.db as unknown as Db);
  return {
    db,
    pool,
    close: async () => {
      await Promise.all([pool.end(), hot.close()]);
    },
  };
}
