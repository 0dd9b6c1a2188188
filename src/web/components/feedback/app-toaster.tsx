// The toaster, kept out of the first download (docs/performance.md "Initial JavaScript"): main.tsx
// loads sonner once someone uses the page, and a toast asked for before that loads it at once
// (lib/toast.ts keeps the toast waiting until the toaster is in).
import { useEffect, useState } from "react";
import { laterComponent, useLaterComponent } from "../../lib/later-component";
import { onToastWaiting } from "../../lib/toast";

const toaster = laterComponent<{ theme: "light" | "dark" }>(() => import("./sonner-toaster"));

/** Loads the toaster (main.tsx, once someone uses the page). */
export const loadToaster = toaster.load;

export function AppToaster({ theme }: { theme: "light" | "dark" }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWaiting(() => setWanted(true)), []);
  const [Toaster] = useLaterComponent(toaster, wanted);
  return Toaster ? <Toaster theme={theme} /> : null;
}
