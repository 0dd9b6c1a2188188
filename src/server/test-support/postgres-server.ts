// A PostgreSQL server of the caller's own (Debian's PostgreSQL 15 binaries) on a free port, in a
// temp dir, trusting local connections: a test or bench may stop it and start it again on the
// same port and data, as an operator's restart does. Never the machine's PostgreSQL. initdb
// refuses root, so when run as root the server runs as the `postgres` user Debian's package makes.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
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

/** The running postmaster's pid, from the first line of its lock file. */
function postmasterPid(data: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether the postmaster has ended within `ms`: its lock file removed (as pg_ctl checks, since
 * a process nobody reaps stays in the table), or the process gone. */
async function ended(data: string, pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await delay(50)) {
    if (postmasterPid(data) !== pid) return true;
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
  }
  return false;
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
      // Immediate, and not waited for by pg_ctl (whose -w waits up to a minute): the data goes
      // with the directory, so no shutdown checkpoint is needed. The postmaster is given 10 s to
      // end its backends, then killed; backends end by themselves once it is gone.
      const pid = postmasterPid(data);
      await asPostgres("pg_ctl", ["stop", "-W", "-m", "immediate", "-D", data]).catch(
        () => undefined,
      );
      if (pid !== null && !(await ended(data, pid, 10_000))) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // It ended meanwhile.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
