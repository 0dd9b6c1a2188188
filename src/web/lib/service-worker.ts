// The service worker's page side (docs/notifications.md "Installable app"): registered once the
// page has loaded, from a chunk of its own, so the first page's JavaScript does not grow. A new
// version waits until the person chooses "Reload" (a toast), so nothing typed is lost to an
// update; a clicked notification with a tab open moves that tab through the app's router.
import { Workbox } from "workbox-window";
import { toast } from "./toast";

export const NEW_VERSION = "New version available";

export function registerServiceWorker(navigate: (url: string) => void): void {
  if (!("serviceWorker" in navigator)) return;
  const worker = new Workbox("/sw.js");
  worker.addEventListener("waiting", () => {
    toast.info(NEW_VERSION, {
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: "Reload",
        onClick: () => {
          worker.addEventListener("controlling", () => window.location.reload());
          worker.messageSkipWaiting();
        },
      },
    });
  });
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== "OPEN" || typeof data.url !== "string") return;
    const url = new URL(data.url, window.location.origin);
    if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}${url.hash}`);
  });
  void worker.register();
}
