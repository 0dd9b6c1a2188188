// Work that can wait for the first paint (docs/performance.md "Initial JavaScript"): run when the
// browser is first idle, or after a few seconds where it cannot tell.
const IDLE_TIMEOUT_MS = 3000;

export function whenIdle(run: () => void): void {
  if ("requestIdleCallback" in window)
    window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, IDLE_TIMEOUT_MS);
}
