// spec-2 §3 "Pending username": the name being bought, kept in session storage from checkout
// start until the checkout completes, is canceled or fails (spec-2 §4). Storage can be missing or
// refuse writes (private windows, quotas); the purchase does not depend on it, so those failures
// are ignored.
const KEY = "pendingUsername";

export function readPendingUsername(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function savePendingUsername(name: string): void {
  try {
    window.sessionStorage.setItem(KEY, name);
  } catch {
    // See the header: nothing to do without storage.
  }
}

export function clearPendingUsername(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // See the header.
  }
}
