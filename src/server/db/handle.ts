// The database handle every query takes first: a connection or a transaction, on PGlite or
// PostgreSQL alike. Its own file so that client.ts (which opens it) and prepared.ts (which builds
// statements per handle) share it without importing each other.
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

export type Db = PgDatabase<PgQueryResultHKT>;
