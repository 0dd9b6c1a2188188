// Work that can wait for the first paint (docs/performance.md "Initial JavaScript"): run when the
// browser is first idle, or after a few seconds where it cannot tell.
const IDLE_TIMEOUT_MS = 3000;

/** Runs `run` once the browser is idle; the returned function cancels it. */
export function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, IDLE_TIMEOUT_MS);
  return () => clearTimeout(id);
}
