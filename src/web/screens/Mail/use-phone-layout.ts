// spec-1 §2, §9: below 768 px the mail screen shows one pane at a time. Read at the first render
// (no flash of the wrong layout) and followed as the window is resized or turned.
import { useSyncExternalStore } from "react";

const PHONE_QUERY = "(max-width: 767.98px)";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(PHONE_QUERY);
  media?.addEventListener("change", onChange);
  return () => media?.removeEventListener("change", onChange);
}

const isPhone = () => window.matchMedia?.(PHONE_QUERY).matches ?? false;

export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
