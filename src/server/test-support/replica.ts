// A streaming replica of the PostgreSQL server a test runs on (TEST_DATABASE_URL's, the machine's
// own), as an operator makes one (docs/operations.md "Read replicas"): `pg_basebackup -R -X
// stream` into a temp dir, started on a free port as the `postgres` user. The server must let
// 127.0.0.1 connect for replication (scripts/ensure-services.sh adds the pg_hba.conf line). The
// base backup copies every database of the server: make one per test file.
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "./child-server";
import { asPostgres, postgresOwnedDir, writePostgresFile } from "./postgres-server";

export interface Replica {
  /** The URL of `database` on the replica. */
  urlOf(database: string): string;
  /** Resolves once the replica accepts connections to `database` (created on the primary after
   * the base backup, it arrives by streaming). */
  waitFor(database: string): Promise<void>;
  /** Runs one statement on the replica's `postgres` database. */
  query(text: string): Promise<void>;
  /** A fast shutdown, and a start on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its dir. */
  close(): Promise<void>;
  /** How long the base backup and the first start took, in ms. */
  timings: { backupMs: number; startMs: number };
}

/** Settings a hot standby must hold at least at the primary's values. */
const AT_LEAST_PRIMARY = [
  "max_connections",
  "max_worker_processes",
  "max_wal_senders",
  "max_prepared_transactions",
  "max_locks_per_transaction",
];

export async function startReplica(primaryUrl: string): Promise<Replica> {
  const primary = new URL(primaryUrl);
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  const settings = await admin
    .query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name = any($1)",
      [AT_LEAST_PRIMARY],
    )
    .finally(() => admin.end());
  const dir = postgresOwnedDir("chtcht-replica-");
  const data = path.join(dir, "data");
  const port = await freePort();
  const backupStart = performance.now();
  await asPostgres("pg_basebackup", [
    "-h",
    primary.hostname,
    "-p",
    primary.port || "5432",
    "-U",
    decodeURIComponent(primary.username || "postgres"),
    "-D",
    data,
    "-R",
    "-X",
    "stream",
    "-c",
    "fast",
    "--no-sync",
  ]);
  const backupMs = performance.now() - backupStart;
  // Debian keeps the server's configuration outside its data dir, so the copy has none.
  writePostgresFile(
    path.join(data, "postgresql.conf"),
    [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      "hot_standby = on",
      "shared_buffers = 16MB",
      "fsync = off",
      ...settings.rows.map((row) => `${row.name} = ${row.setting}`),
      "",
    ].join("\n"),
  );
  writePostgresFile(
    path.join(data, "pg_hba.conf"),
    "local all all trust\nhost all all 127.0.0.1/32 trust\n",
  );
  writePostgresFile(path.join(data, "pg_ident.conf"), "");
  const start = () =>
    asPostgres("pg_ctl", ["start", "-w", "-D", data, "-l", path.join(dir, "log")]);
  const stop = () => asPostgres("pg_ctl", ["stop", "-w", "-m", "fast", "-D", data]);
  const startStart = performance.now();
  await start();
  const startMs = performance.now() - startStart;
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async (database: string, text: string) => {
    const client = new pg.Client({ connectionString: urlOf(database) });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    urlOf,
    async waitFor(database) {
      for (let attempt = 0; ; attempt++) {
        try {
          await query(database, "select 1");
          return;
        } catch (error) {
          if (attempt >= 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    query: (text) => query("postgres", text),
    stop,
    start,
    async close() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    timings: { backupMs, startMs },
  };
}
