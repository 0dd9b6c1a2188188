// The installable app (docs/notifications.md "Installable app"), in Chromium with the service
// worker allowed. The checks of Lighthouse's PWA category (Lighthouse 12 dropped it) made through
// the DevTools protocol: Chrome's own installability check finds nothing wrong, the manifest parses
// without errors and has what an install, its splash screen and its themed window need, the worker
// controls the start URL, which answers 200 without the network, and the page has its viewport,
// theme colour and Apple touch icon and fits a phone's width. Without the network the installed
// app opens its shell (no one's data in it, nor any page of a signed-in person in the worker's
// caches): the app's header and menu with "You're offline", axe-clean in both themes, and the page
// itself once the browser is back online. A push delivered to the worker through the DevTools
// protocol shows its notification, as the payload says; Settings turns notifications on for this
// browser (its push subscription stubbed, since no push service is reachable here: the server's own
// tests deliver to a local one) and lists it, axe-clean.
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { APP_SHELL_PATH } from "../src/domain/app-shell";
import { startPushService } from "../src/server/test-support/push-service";
import { newAccount, signedInAccount, signInViaApi } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createAccount, secondPerson } from "./support/people";
import { homeHeading, landingHeading } from "./support/screen";

test.use({ serviceWorkers: "allow" });

/** Waits for the worker to control the page (it claims pages only from the next load on). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

// Each test loads the app several times and waits on its service worker: at three times this
// machine's speed (a busy CI runner) that passes the default 30 s.
test.describe.configure({ timeout: 90_000 });

const offlineHeading = (page: Page) => page.getByRole("heading", { name: "You're offline" });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Chrome offers no install in an off-the-record profile, which a test's own context is
 * ("in-incognito"): a context in a profile of its own, as a person's browser is. */
const inOwnProfile = test.extend<{ profile: BrowserContext }>({
  profile: async ({ playwright, baseURL, extraHTTPHeaders }, use, testInfo) => {
    const context = await playwright.chromium.launchPersistentContext(
      testInfo.outputPath("profile"),
      { ...testInfo.project.use.launchOptions, baseURL, extraHTTPHeaders, serviceWorkers: "allow" },
    );
    await use(context);
    await context.close();
  },
});

inOwnProfile(
  "passes the checks of Lighthouse's PWA category, through the DevTools protocol",
  async ({ profile: context }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    await controlled(page);
    const cdp = await context.newCDPSession(page);

    // installable-manifest: Chrome's own check of what an install needs.
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send("Page.getAppManifest");
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    expect((await page.request.get(url)).headers()["content-type"]).toMatch(
      /^application\/manifest\+json/,
    );
    const manifest = JSON.parse(data ?? "{}");
    // splash-screen and themed-omnibox: a name, background and theme colours, a 512 px icon.
    expect(manifest).toMatchObject({
      name: "chtcht",
      short_name: "chtcht",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#ffffff",
      theme_color: "#ffffff",
    });
    // maskable-icon: each size plain and maskable.
    const icons = (manifest.icons as ManifestIcon[]).map((icon) => `${icon.sizes} ${icon.purpose}`);
    for (const size of ["192x192", "512x512"]) {
      expect(icons).toContain(`${size} any`);
      expect(icons).toContain(`${size} maskable`);
    }
    expect((manifest.icons as ManifestIcon[]).every((icon) => icon.type === "image/png")).toBe(
      true,
    );

    // viewport, themed-omnibox (each theme's colour), apple-touch-icon.
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      "content",
      /width=device-width, initial-scale=1/,
    );
    await expect(
      page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]'),
    ).toHaveAttribute("content", manifest.theme_color);
    await expect(
      page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]'),
    ).toHaveAttribute("content", "#0a0a0a");
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const touchIconAnswer = await page.request.get(touchIcon ?? "");
    expect(touchIconAnswer.status()).toBe(200);
    expect(touchIconAnswer.headers()["content-type"]).toBe("image/png");

    // content-width: nothing wider than a phone's screen.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // service-worker and offline start URL: the worker controls the start URL, and answers it
    // with 200 when the network is gone.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(manifest.start_url, url).href.startsWith(scope)).toBe(true);
    await context.setOffline(true);
    const start = await page.goto(manifest.start_url);
    expect(start?.status()).toBe(200);
    expect(start?.fromServiceWorker()).toBe(true);
    await expect(offlineHeading(page)).toBeVisible();
  },
);

/** The offline state at a phone's and a desktop's width, light and dark, each axe-clean. */
async function captureOffline(page: Page, testInfo: TestInfo): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await expect(offlineHeading(page)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`offline-${width}-${colorScheme}.png`) });
      problems.push(...(await violations(page, `offline state [${colorScheme} ${width}px]`)));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  return problems;
}

test("opens from the home screen without the network: its shell, offline, then the page once online", async ({
  page,
  context,
}, testInfo) => {
  const account = await signedInAccount(page, "offline");
  await page.goto("/");
  await expect(homeHeading(page)).toBeVisible();
  await controlled(page);

  // No page of a signed-in person is ever cached: the worker keeps the build's files and the
  // shell, which names no one.
  const cached = await page.evaluate(async (shellPath) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    const shell = await (await caches.match(shellPath, { ignoreSearch: true }))?.text();
    return { paths: urls.map((url) => new URL(url).pathname), shell };
  }, APP_SHELL_PATH);
  expect(cached.paths).toContain(APP_SHELL_PATH);
  expect(
    cached.paths.filter(
      (path) =>
        path !== APP_SHELL_PATH &&
        !/^\/(assets\/|icons\/|favicon\.svg$|theme-init\.js$)/.test(path),
    ),
  ).toEqual([]);
  expect(cached.shell).toContain('id="site-config"');
  expect(cached.shell).not.toContain('id="session"');
  expect(cached.shell).not.toContain(account.email);

  // Everything the shell loads comes from the worker's caches, not the browser's HTTP cache (long
  // expired when the app is opened from the home screen): only calls to the server fail.
  await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
  const failed: string[] = [];
  page.on("requestfailed", (request) => failed.push(new URL(request.url()).pathname));
  await context.setOffline(true);
  for (const path of ["/", "/search"]) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(200);
    await expect(offlineHeading(page)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "chtcht" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Menu" })).toBeVisible();
    await expect(page).toHaveTitle("You're offline · chtcht");
  }
  expect(await captureOffline(page, testInfo)).toEqual([]);
  expect(failed.filter((path) => !/^\/(api|realtime)(\/|$)/.test(path))).toEqual([]);

  // Back online, the page asks again by itself (Chromium does not fire `online` in a page it
  // opened offline, so this is the check every 5 s): the page itself, signed in, without a reload.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  await expect(offlineHeading(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/search$/);
});

test("shows a pushed notification with its title, body and page, and a click opens the page", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const site = new URL(page.url()).origin;
  await context.grantPermissions(["notifications"], { origin: site });
  await controlled(page);

  const cdp = await context.newCDPSession(page);
  // The push goes to the registration whose worker is activated: a message delivered while the
  // version is still being reported can be dropped by the browser.
  const registrationId = new Promise<string>((resolve) => {
    const scopes = new Map<string, string>();
    const active = new Set<string>();
    const settle = () => {
      for (const [id, scope] of scopes) if (scope === `${site}/` && active.has(id)) resolve(id);
    };
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      for (const r of registrations) if (!r.isDeleted) scopes.set(r.registrationId, r.scopeURL);
      settle();
    });
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const v of versions) if (v.status === "activated") active.add(v.registrationId);
      settle();
    });
  });
  await cdp.send("ServiceWorker.enable");
  const payload = {
    type: "like",
    title: "Ada liked your post",
    body: "“A walk by the river”",
    url: "/activity",
    topic: "post-1",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: site,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url?: string } | null)?.url,
          }));
        }),
      // The worker may have to start first, which is slow on a machine running the whole suite.
      { timeout: 15_000 },
    )
    .toEqual([
      { title: payload.title, body: payload.body, tag: payload.topic, url: `${site}/activity` },
    ]);

  // A click on it (dispatched in the worker, as the system would) moves the open tab to its page.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeTruthy();
  await worker?.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error("no notification to click");
    const Click = (globalThis as unknown as { NotificationEvent: typeof Event }).NotificationEvent;
    // A script's event cannot be waited on (its waitUntil throws), but the handler's work starts.
    scope.dispatchEvent(
      new (Click as never as new (type: string, init: object) => Event)("notificationclick", {
        notification: shown,
      }),
    );
  });
  await expect(page).toHaveURL(`${site}/activity`);
});

test("Settings turns notifications on for this browser, a follow reaches it through the push service, and Remove takes it off", async ({
  page,
  context,
  browser,
}) => {
  const service = await startPushService();
  try {
    await signedInAccount(page, "pusher");
    const me = (await (await page.request.get("/api/auth/session")).json()).user.id as string;
    const { publicKey } = await (await page.request.get("/api/push/key")).json();
    // The browser's push manager, stubbed to the local push service's subscription for our key.
    const { clientHash, ...subscription } = await service.subscribe(publicKey);
    await page.addInitScript((sub) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.subscribe = async () => {
        current = {
          endpoint: sub.endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    }, subscription);
    await page.goto("/");
    await context.grantPermissions(["notifications"], { origin: new URL(page.url()).origin });
    await controlled(page);

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Notifications on this device" });
    await section.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(section.getByRole("button", { name: "Turn off on this browser" })).toBeVisible();
    const listed = section.getByRole("button", { name: /^Remove Chrom/ });
    await expect(listed).toBeVisible();
    expect(await violations(page, "Settings, notifications on")).toEqual([]);

    // Someone follows: the server pushes it, encrypted for this browser, to the push service.
    const other = await secondPerson(browser);
    const follower = newAccount("pushfollower", "Finn Follower");
    await createAccount(other, follower);
    await signInViaApi(other, follower);
    await expect(
      await other.request.post("/api/follows/toggle", { data: { targetUserId: me } }),
    ).toBeOK();
    await expect
      .poll(async () => (await service.received(clientHash)).map((text) => JSON.parse(text).body))
      .toEqual(["Finn Follower followed you"]);
    await other.context().close();

    await listed.click();
    await expect(section.getByText("None yet.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
  } finally {
    await service.close();
  }
});
