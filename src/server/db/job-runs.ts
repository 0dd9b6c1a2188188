// Scheduled work shared by the app instances (docs/operations.md "Many instances"): every instance
// runs each job's timer, and a run first claims its period in `job_runs`, so the work happens once
// a period across all of them. Used by the username lifecycle, the release of held names, the
// sweep of data exports and the daily e-mail digest.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "./client";
import { jobRuns } from "./schema/instances";

/** Takes the transaction-level advisory lock `key`, so one run at a time holds it across
 * instances; false when another transaction holds it (the lock ends with the transaction). */
export async function tryJobLock(tx: Db, key: number): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  );
  return Boolean(lock?.locked);
}

/** A run due this often counts as on time a tenth early: timers in different instances drift. */
const EARLY_SHARE = 0.1;

/** Claims the period ending at `now` for the job `name`, inside the run's transaction; false
 * when some instance already ran it within `everyMs`. */
export async function claimJobRun(
  tx: Db,
  { name, now, everyMs }: { name: string; now: Date; everyMs: number },
): Promise<boolean> {
  const ranBefore = new Date(now.getTime() - everyMs * (1 - EARLY_SHARE));
  const claimed = await queryRows<{ name: string }>(
    tx,
    sql`insert into ${jobRuns} (name, last_run_at) values (${name}, ${now})
        on conflict (name) do update set last_run_at = excluded.last_run_at
        where ${jobRuns.lastRunAt} <= ${ranBefore}
        returning name`,
  );
  return claimed.length > 0;
}

/** Runs `run(now)` at once and then every `everyMs`, one run at a time; returns the stop
 * function, which waits for a run in progress. */
export function scheduleJob(
  everyMs: number,
  run: (now: Date) => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => run(new Date())).catch(onError);
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
