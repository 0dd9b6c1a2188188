// The toaster, kept out of the first download (docs/performance.md "Initial JavaScript"): sonner
// loads once the browser is idle after the first paint, or at once when a toast is asked for
// before that (lib/toast.ts), whichever comes first.
import { lazy, Suspense, useEffect, useState } from "react";
import { onToastWaiting } from "../lib/toast";
import { whenIdle } from "../lib/when-idle";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

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
