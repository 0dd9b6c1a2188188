// Toasts (spec-1 §8's success and error toasts) without sonner in the first download
// (docs/performance.md "Initial JavaScript"): a toast asked for before the toaster has loaded
// waits for it, and asking is what loads it when nobody has used the page yet
// (components/feedback/app-toaster.tsx).
export type ToastKind = "success" | "error" | "info";

export interface ToastCall {
  kind: ToastKind;
  message: string;
  options?: {
    description?: string | undefined;
    /** A button in the toast, which then stays until it is used or closed. */
    action?: { label: string; onClick: () => void } | undefined;
    duration?: number | undefined;
  };
}

type Show = (call: ToastCall) => void;

let show: Show | null = null;
const waiting: ToastCall[] = [];
const wanted = new Set<() => void>();

function request(call: ToastCall) {
  if (show) {
    show(call);
    return;
  }
  waiting.push(call);
  for (const listener of wanted) listener();
}

const asker =
  (kind: ToastKind) =>
  (message: string, options?: ToastCall["options"]): void =>
    request({ kind, message, ...(options && { options }) });

export const toast = { success: asker("success"), error: asker("error"), info: asker("info") };

/** The mounted toaster shows what waited, then every later toast; the returned function is for
 * its unmount. */
export function toasterReady(next: Show): () => void {
  show = next;
  for (const call of waiting.splice(0)) next(call);
  return () => {
    if (show === next) show = null;
  };
}

/** Calls `listener` whenever a toast waits for the toaster; the returned function stops it. */
export function onToastWaiting(listener: () => void): () => void {
  wanted.add(listener);
  if (waiting.length > 0) listener();
  return () => {
    wanted.delete(listener);
  };
}
