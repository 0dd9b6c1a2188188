// Where the benchmarks' seeded database lives: BENCH_DATABASE_URL, or `bench_social` (the feed
// benches: `bench_feed`) on the local PostgreSQL server. Only loopback hosts are accepted: the benches never talk to anything else.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { fromPostgres, migrationsFolder } from "../../src/server/db/client";

export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const DEFAULT_DB_NAME = "bench_social";
export const FEED_DB_NAME = "bench_feed";
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export function assertLoopback(url: string, what: string): void {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) {
    throw new Error(`${what} must point at 127.0.0.1 (got host "${host}"); benches stay local`);
  }
}

/** The seeded database's URL; `explicit` is true when the environment variable chose it. */
/** The database a connection URL names (its backends' CPU: stats.ts `backendCpuMeter`). */
export const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

export function benchDatabaseUrl(
  name = DEFAULT_DB_NAME,
  variable = "BENCH_DATABASE_URL",
): { url: string; explicit: boolean } {
  const fromEnv = process.env[variable];
  if (fromEnv) {
    assertLoopback(fromEnv, variable);
    return { url: fromEnv, explicit: true };
  }
  const url = new URL(DEFAULT_SERVER_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), explicit: false };
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DEFAULT_SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Drops and creates a default bench database (never touches a BENCH_DATABASE_URL one). */
export async function recreateDefaultDatabase(name = DEFAULT_DB_NAME): Promise<void> {
  await admin(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
}

export async function dropDefaultDatabase(name = DEFAULT_DB_NAME): Promise<void> {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Stops with a clear message when the seeder has not been run. */
export async function requireSeeded(
  pool: pg.Pool,
  minUsers = 1000,
  seeder = "bench/seed-social.ts",
): Promise<number> {
  let users = 0;
  try {
    const { rows } = await pool.query<{ n: string }>("select count(*) as n from profiles");
    users = Number(rows[0]?.n ?? 0);
  } catch {
    users = 0;
  }
  if (users < minUsers) {
    console.error(
      `The bench database has ${users} profiles. Seed it first: node --import tsx ${seeder}`,
    );
    await pool.end();
    process.exit(1);
  }
  const missing = await migrationsMissing(pool);
  if (missing > 0) {
    console.error(
      `The bench database lacks ${missing} of the app's migrations. Seed it again: node --import tsx ${seeder}`,
    );
    await pool.end();
    process.exit(1);
  }
  return users;
}

/** Written last by a seeder, so `npm run bench` reuses only a database whose seeding finished. */
export async function markSeeded(pool: pg.Pool, seeder: string, options: object): Promise<void> {
  await pool.query(
    `create table if not exists bench_seeded
       (seeder text primary key, options jsonb not null, seeded_at timestamptz not null)`,
  );
  await pool.query(
    `insert into bench_seeded values ($1, $2, now())
     on conflict (seeder) do update set options = $2, seeded_at = now()`,
    [seeder, JSON.stringify(options)],
  );
}

/** How many of the app's migrations the database lacks (all of them without the migrations'
 * table). A seeded database that lacks one would be measured without it: the bench's app does not
 * migrate it, which on these tables takes longer than a bench waits for the app. */
async function migrationsMissing(db: pg.Pool | pg.Client): Promise<number> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  const applied = await db
    .query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")
    .then(({ rows }) => rows[0]?.n ?? 0)
    .catch(() => 0);
  return journal.entries.length - applied;
}

/** When and with what options `url`'s seeding finished; null when it never did (or no database)
 * or when the app has a migration the seeded database lacks. */
export async function seededWith(
  url: string,
): Promise<{ seeder: string; options: object; seededAt: Date } | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ seeder: string; options: object; seeded_at: Date }>(
      "select seeder, options, seeded_at from bench_seeded order by seeded_at desc limit 1",
    );
    const row = rows[0];
    // A seeding from before a migration is seeded again.
    if ((await migrationsMissing(client)) > 0) return null;
    return row ? { seeder: row.seeder, options: row.options, seededAt: row.seeded_at } : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function postgresVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ version: string }>("select version()");
  return rows[0]?.version ?? "unknown";
}

/** The feed benches' database: BENCH_FEED_DATABASE_URL, or `bench_feed` on the local server. */
export const feedDatabaseUrl = () => benchDatabaseUrl(FEED_DB_NAME, "BENCH_FEED_DATABASE_URL");

/**
 * An empty, migrated database and a pool set up for a throw-away bulk load (commits do not wait
 * for the WAL flush; `extraOptions` adds server settings). Exits when the database has users.
 */
export async function openBulkLoad(options: {
  url: string;
  recreate: string | null;
  envName: string;
  writers: number;
  extraOptions?: string;
}): Promise<pg.Pool> {
  if (options.recreate) await recreateDefaultDatabase(options.recreate);
  const database = fromPostgres(options.url, 2);
  await database.migrate();
  await database.close();
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.writers,
    options: `-c synchronous_commit=off ${options.extraOptions ?? ""}`.trim(),
  });
  const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from users");
  if ((rows[0]?.n ?? 0) > 0) {
    console.error(`${options.envName} names a database that already has users: give an empty one.`);
    await pool.end();
    process.exit(1);
  }
  return pool;
}

/** A bench database at its latest migration (made fresh unless `variable` chose one), a pool on it. */
export async function freshBenchDatabase(name: string, variable: string) {
  const { url, explicit } = benchDatabaseUrl(name, variable);
  if (!explicit) await recreateDefaultDatabase(name);
  const migrated = fromPostgres(url, 2);
  await migrated.migrate();
  await migrated.close();
  return { url, explicit, pool: new pg.Pool({ connectionString: url, max: 2 }) };
}

/** `ids.length` plain people: handle `${handlePrefix}${i}`, named `${name} ${handle}`. */
export async function insertPlainPeople(
  pool: pg.Pool,
  { ids, handlePrefix, name }: { ids: string[]; handlePrefix: string; name: string },
): Promise<string[]> {
  const handles = ids.map((_, i) => `${handlePrefix}${i}`);
  await pool.query(
    `insert into users (id, name, email, email_verified)
     select id, $2, id || '@example.com', true from unnest($1::text[]) as id
     on conflict do nothing`,
    [ids, name],
  );
  await pool.query(
    `insert into profiles (user_id, default_username, full_name, email_address, chtcht_email)
     select id, handle, $3 || ' ' || handle, id || '@example.com', handle || '@chtcht.local'
     from unnest($1::text[], $2::text[]) as t(id, handle) on conflict do nothing`,
    [ids, handles, name],
  );
  return handles;
}
