// The toaster, kept out of the first download (docs/performance.md "Initial JavaScript"): sonner
// loads once the browser is idle after the first paint, or at once when a toast is asked for
// before that (lib/toast.ts), whichever comes first.
import { lazy, Suspense, useEffect, useState } from "react";
import { onToastWaiting } from "../lib/toast";

const SonnerToaster = lazy(() => import("./sonner-toaster"));
const IDLE_TIMEOUT_MS = 3000;

function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, IDLE_TIMEOUT_MS);
  return () => clearTimeout(id);
}

export function AppToaster({ theme }: { theme: "light" | "dark" }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopWaiting = onToastWaiting(want);
    const stopIdle = whenIdle(want);
    return () => {
      stopWaiting();
      stopIdle();
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} />
    </Suspense>
  );
}
