/// <reference lib="webworker" />
// The service worker (docs/notifications.md "Installable app"): the build's files and the app's
// shell precached, so the installed app starts at once and a new version is taken as a whole;
// pages always from the network, since each holds who is signed in (never cached), and the shell,
// which holds no one's data, when a page cannot be reached: the app then shows that it is offline.
// The API, media and the realtime socket are never touched. It shows what is pushed
// (docs/notifications.md "Push") and, on a click, opens its page in a tab of the app.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { APP_SHELL_PATH } from "../domain/app-shell";
import { notificationOf, openTarget } from "./lib/push-message";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(APP_SHELL_PATH)) ?? Response.error();
    }
  }),
);

// The page's "New version — Reload" (lib/service-worker.ts) asks the waiting worker to take over.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

self.addEventListener("push", (event) => {
  const shown = notificationOf(event.data?.text() ?? "", self.location.origin);
  if (!shown) return;
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = openTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const there = tabs.find((tab) => tab.url === url);
      if (there) {
        await there.focus();
        return;
      }
      const tab = tabs[0];
      if (tab) {
        // The app's router moves the tab (lib/service-worker.ts): no reload, no lost input.
        tab.postMessage({ type: "OPEN", url });
        await tab.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
