// A PostgreSQL server of the caller's own (Debian's PostgreSQL 15 binaries) on a free port, in a
// temp dir, trusting local connections: a test or bench may stop it and start it again on the
// same port and data, as an operator's restart does. Never the machine's PostgreSQL. initdb
// refuses root, so when run as root the server runs as the `postgres` user Debian's package makes.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./child-server";

const BIN = "/usr/lib/postgresql/15/bin";

export interface OwnPostgres {
  /** The server's `postgres` database, for createPostgresDatabase. */
  url: string;
  /** A fast shutdown (`pg_ctl stop -m fast`: sessions are ended, as a service restart does). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; returns once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its dir. */
  close(): Promise<void>;
}

/** Whether the PostgreSQL 15 server binaries are installed. */
export const hasPostgresServer = () => existsSync(path.join(BIN, "pg_ctl"));

const run = promisify(execFile);
const root = process.getuid?.() === 0;
/** Runs a PostgreSQL program (as `postgres` when we are root) without holding up the caller's
 * event loop. */
export const asPostgres = async (command: string, args: string[]) => {
  const program = path.join(BIN, command);
  if (root) await run("runuser", ["-u", "postgres", "--", program, ...args]);
  else await run(program, args);
};

/** A new temp dir the server's user owns. */
export function postgresOwnedDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (root) chownSync(dir, postgresUid(), postgresGid());
  return dir;
}

const postgresUid = () => Number(execFileSync("id", ["-u", "postgres"]).toString());
const postgresGid = () => Number(execFileSync("id", ["-g", "postgres"]).toString());

/** Writes a file the server's user owns. */
export function writePostgresFile(file: string, text: string): void {
  writeFileSync(file, text);
  if (root) chownSync(file, postgresUid(), postgresGid());
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = postgresOwnedDir("chtcht-postgres-");
  const data = path.join(dir, "data");
  const port = await freePort();
  await asPostgres("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () =>
    asPostgres("pg_ctl", ["start", "-w", "-D", data, "-l", path.join(dir, "log"), "-o", options]);
  const stop = () => asPostgres("pg_ctl", ["stop", "-w", "-m", "fast", "-D", data]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async close() {
      // Immediate: the data goes with the directory, so the shutdown checkpoint a fast stop
      // writes (a minute on a machine whose disk is busy) is not waited for.
      await asPostgres("pg_ctl", ["stop", "-w", "-m", "immediate", "-D", data]).catch(
        () => undefined,
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
