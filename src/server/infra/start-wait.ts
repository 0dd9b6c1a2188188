// Waiting for a dependency at start (docs/operations.md "Start and stop"): PostgreSQL or Redis that
// is restarting, or not up yet beside the app, is asked again with a growing pause, each failure
// logged, until START_WAIT_SECONDS have passed; then the start ends with one clear line.

import { setTimeout as delay } from "node:timers/promises";

/** Pauses between attempts: 0.5 s, doubling, at most 5 s. */
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 5_000;

export class DependencyUnavailable extends Error {}

export interface WaitLog {
  warn(fields: object, message: string): void;
}

/** `attempt`'s answer once it succeeds; DependencyUnavailable, naming `name` and the last error,
 * when it has not within `seconds`. */
export async function waitForDependency<T>(
  name: string,
  attempt: () => Promise<T>,
  {
    seconds,
    log,
    sleep = delay,
  }: { seconds: number; log: WaitLog; sleep?: (ms: number) => Promise<void> },
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const reason = rootReason(error);
      if (Date.now() + pause > deadline) {
        throw new DependencyUnavailable(
          `${name} did not answer within ${seconds} s (START_WAIT_SECONDS): ${reason}`,
        );
      }
      log.warn({ dependency: name, reason, retryInMs: pause }, `waiting for ${name}`);
      await sleep(pause);
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}

/** What went wrong at the bottom: a failed query's connection error, not the query's text. */
function rootReason(error: unknown): string {
  let at = error;
  while (at instanceof Error && at.cause instanceof Error) at = at.cause;
  return at instanceof Error ? at.message : String(at);
}
