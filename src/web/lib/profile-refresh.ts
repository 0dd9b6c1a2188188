// spec-1 §4: a profile page reloads on a 'profile:refresh' window event, or when another tab
// writes the local-storage key 'profile:refresh' (the edit screen does both after saving).
import { useEffect, useRef } from "react";

export const PROFILE_REFRESH = "profile:refresh";

/** Tells this tab (event) and the others (storage) that a profile changed. */
export function announceProfileRefresh(): void {
  window.dispatchEvent(new Event(PROFILE_REFRESH));
  try {
    window.localStorage.setItem(PROFILE_REFRESH, String(Date.now()));
  } catch {
    // Storage can be full or blocked (private mode); this tab was told already.
  }
}

/** Calls `onRefresh` whenever a profile refresh is announced, here or in another tab. */
export function useProfileRefresh(onRefresh: () => void): void {
  const latest = useRef(onRefresh);
  latest.current = onRefresh;
  useEffect(() => {
    const onEvent = () => latest.current();
    const onStorage = (event: StorageEvent) => {
      if (event.key === PROFILE_REFRESH) latest.current();
    };
    window.addEventListener(PROFILE_REFRESH, onEvent);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(PROFILE_REFRESH, onEvent);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
}
