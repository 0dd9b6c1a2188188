// This instance's event loop, for /readyz (docs/operations.md "Start and stop"): how late a timer
// of its own ran, the longest over the last window, so an instance whose loop stalled (a CPU-bound
// burst, a starved container) stops getting traffic for a moment while the others keep theirs.
// The longest, not a percentile: one long stall is one late turn among hundreds.
import { performance } from "node:perf_hooks";

const TICK_MS = 100;
const WINDOW_MS = 5_000;

export interface EventLoopWatch {
  /** The longest delay of the last full window and the current one (a turn late right now
   * included), in milliseconds. */
  worstMs(): number;
  /** Forgets what came before: the start's own long turns (migrations, index load). */
  reset(): void;
  stop(): void;
}

export function watchEventLoop(): EventLoopWatch {
  let due = performance.now() + TICK_MS;
  let windowStart = performance.now();
  let current = 0;
  let previous = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    current = Math.max(current, now - due);
    due = now + TICK_MS;
    if (now - windowStart >= WINDOW_MS) {
      previous = current;
      current = 0;
      windowStart = now;
    }
  }, TICK_MS);
  timer.unref();
  return {
    worstMs: () => Math.max(previous, current, performance.now() - due),
    reset() {
      const now = performance.now();
      due = now + TICK_MS;
      windowStart = now;
      current = 0;
      previous = 0;
    },
    stop: () => clearInterval(timer),
  };
}
