// The hot reads' connections to PostgreSQL (db/prepared.ts): postgres.js, which writes the
// statements waiting for a connection in one go and reads their answers in order (pipelining),
// and describes a prepared statement once per connection, where node-postgres sends one
// statement per connection at a time and asks for its row description on every execution
// (docs/performance.md "The hot reads through postgres.js"). Only those named reads go here:
// they take no locks, so nothing queued behind one waits for another transaction. Writes,
// transactions and every other statement stay on node-postgres, one statement per connection,
// planned for its values (db/client.ts).
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";

/** What these connections call themselves (`pg_stat_activity.application_name`). */
export const HOT_READS_NAME = "chtcht-hot-reads";

export interface HotReads {
  db: PostgresJsDatabase;
  close(): Promise<void>;
}

/** postgres.js waits longer after each failed connection, up to 20 s: a server back from a
 * restart would have its hot reads answer 503 for that long after every other statement works
 * again (docs/operations.md "Database"). Here the wait stops growing at 2 s. */
const MAX_RECONNECT_S = 2;

function reconnectBackoff(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, MAX_RECONNECT_S);
}

/** A connection not made within `connectTimeoutS` fails its reads (db/errors.ts); closing waits
 * at most that long for reads in flight. `reconnectAfterS` replaces the backoff between failed
 * connections by a fixed wait (a read replica's: db/replicas.ts). */
export function openHotReads(
  connectionString: string,
  max: number,
  connectTimeoutS: number,
  reconnectAfterS?: number,
): HotReads {
  const { url, socketDirectory } = socketOf(connectionString);
  const sql = postgres(url, {
    max,
    ...(socketDirectory ? { host: socketDirectory } : {}),
    // As the other connections (db/client.ts): no parallel workers. Every hot read looks rows up
    // by ids or by one person's index range, whose plan does not change with the values: planned
    // once per connection, never again per execution (docs/performance.md "Feed").
    connection: {
      max_parallel_workers_per_gather: 0,
      plan_cache_mode: "force_generic_plan",
      application_name: HOT_READS_NAME,
    },
    onnotice: () => {},
    connect_timeout: connectTimeoutS,
    backoff: reconnectAfterS === undefined ? reconnectBackoff : () => reconnectAfterS,
  });
  return { db: drizzle({ client: sql }), close: () => sql.end({ timeout: connectTimeoutS }) };
}

/**
 * libpq's way to name a Unix socket, `?host=/var/run/postgresql` (node-postgres reads it so):
 * postgres.js takes the directory as its `host` instead, and would send the parameter to the
 * server as a setting.
 */
function socketOf(connectionString: string): { url: string; socketDirectory: string | null } {
  const url = new URL(connectionString);
  const host = url.searchParams.get("host");
  if (!host?.startsWith("/")) return { url: connectionString, socketDirectory: null };
  url.searchParams.delete("host");
  return { url: url.href, socketDirectory: host };
}
