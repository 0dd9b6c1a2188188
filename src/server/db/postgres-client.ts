// The PostgreSQL connection pool: postgres.js, which writes the statements waiting for a
// connection in one go and reads their answers in order (pipelining), instead of one statement
// per connection at a time (docs/performance.md "One driver for the server: postgres.js").
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";

type Sql = postgres.Sql;
type TransactionSql = postgres.TransactionSql;

export interface PostgresPool {
  db: PostgresJsDatabase;
  close(): Promise<void>;
  /** Statements asked for and not yet answered, waiting for a connection included. */
  inFlight(): number;
}

/** Drizzle passes date and time values through as they are (its columns turn them into text
 * themselves); a Date given as a parameter of raw SQL is sent as ISO 8601, as PGlite does. */
const DATE_TIME_TYPES = [1082, 1083, 1114, 1184];
const dateAsText = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export function openPostgresPool(connectionString: string, max: number): PostgresPool {
  let inFlight = 0;
  const settled = () => {
    inFlight--;
  };
  const sql = postgres(connectionString, {
    max,
    // Many small requests at once on few cores: a query never waits for parallel workers to
    // start (docs/performance.md "Parallel query").
    connection: { max_parallel_workers_per_gather: 0 },
    // A parameter left undefined (a placeholder not given) is sent as NULL, as PGlite does.
    transform: { undefined: null },
    onnotice: () => {},
  });
  const db = drizzle({
    client: preparingAll(sql, (query) => {
      inFlight++;
      query.then(settled, settled);
    }),
  });
  for (const type of DATE_TIME_TYPES) sql.options.serializers[type] = dateAsText;
  return { db, close: () => sql.end(), inFlight: () => inFlight };
}

/**
 * Drizzle asks postgres.js to prepare only the statements it names; any other statement with
 * parameters then costs two round trips every time (postgres.js describes it first to learn its
 * parameters' types), and cannot be pipelined. Prepared, it is described once per connection and
 * then sent in one message. So every statement with parameters is prepared, in transactions
 * too; the statements of one connection are forgotten when postgres.js replaces it (after 30 to
 * 60 minutes), which bounds what a connection keeps.
 */
function preparingAll<T extends Sql | TransactionSql>(
  sql: T,
  onQuery: (query: PromiseLike<unknown>) => void,
): T {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (query: string, args?: postgres.ParameterOrJSON<never>[], options = {}) => {
          const pending = target.unsafe(query, args, {
            ...options,
            prepare: (args?.length ?? 0) > 0,
          });
          onQuery(pending);
          return pending;
        };
      }
      if (key === "begin" || key === "savepoint") {
        const open = Reflect.get(target, key, receiver) as (...params: unknown[]) => unknown;
        return (...params: unknown[]) => {
          const body = params.pop() as (tx: TransactionSql) => unknown;
          return open.call(target, ...params, (tx: TransactionSql) =>
            body(preparingAll(tx, onQuery)),
          );
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
