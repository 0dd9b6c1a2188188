// The installable app (docs/notifications.md "Installable app"), in Chromium with the service
// worker allowed: the page links a manifest an install needs (standalone, start URL, maskable
// icons); the worker installs once the page has loaded and controls the next page. Without the
// network the installed app opens its shell (no one's data in it, nor any page of a signed-in
// person in the worker's caches): the app's header and menu with "You're offline", axe-clean in
// both themes, and the page itself once the browser is back online. A push delivered to the worker through the DevTools
// protocol shows its notification, as the payload says; Settings turns notifications on for this
// browser (its push subscription stubbed, since no push service is reachable here: the server's own
// tests deliver to a local one) and lists it, axe-clean.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { APP_SHELL_PATH } from "../src/domain/app-shell";
import { signedInAccount } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
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

const offlineHeading = (page: Page) => page.getByRole("heading", { name: "You're offline" });

test("links an installable manifest and installs the worker", async ({ page }) => {
  await page.goto("/");
  await expect(landingHeading(page)).toBeVisible();
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')?.getAttribute("href") ?? "";
    const answer = await fetch(href);
    return { type: answer.headers.get("content-type"), body: await answer.json() };
  });
  expect(manifest.type).toMatch(/^application\/manifest\+json/);
  expect(manifest.body).toMatchObject({
    name: "chtcht",
    start_url: "/",
    scope: "/",
    display: "standalone",
  });
  for (const size of ["192x192", "512x512"]) {
    expect(manifest.body.icons).toContainEqual(
      expect.objectContaining({ sizes: size, purpose: "maskable", type: "image/png" }),
    );
  }
  await controlled(page);
});

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
      (path) => path !== APP_SHELL_PATH && !/^\/(assets\/|icons\/|favicon\.svg$)/.test(path),
    ),
  ).toEqual([]);
  expect(cached.shell).toContain('id="site-config"');
  expect(cached.shell).not.toContain('id="session"');
  expect(cached.shell).not.toContain(account.email);

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

  // The browser's online event asks again: the page itself, signed in, without a reload.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  await expect(offlineHeading(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/search$/);
});

test("shows a pushed notification with its title, body and page", async ({ page, context }) => {
  await page.goto("/");
  const site = new URL(page.url()).origin;
  await context.grantPermissions(["notifications"], { origin: site });
  await controlled(page);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${site}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
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
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url?: string } | null)?.url,
        }));
      }),
    )
    .toEqual([
      { title: payload.title, body: payload.body, tag: payload.topic, url: `${site}/activity` },
    ]);
});

/** A push subscription as a browser would give it, for a push service on 127.0.0.1. */
function fakeSubscription() {
  const { publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = publicKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? "", "base64url"),
    Buffer.from(jwk.y ?? "", "base64url"),
  ]);
  return {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString("hex")}`,
    p256dh: point.toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

test("Settings turns notifications on for this browser, lists it, and removes it", async ({
  page,
  context,
}) => {
  await signedInAccount(page, "pusher");
  const stub = fakeSubscription();
  await page.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async () => {
      current = {
        endpoint: sub.endpoint,
        expirationTime: null,
        toJSON: () => ({
          endpoint: sub.endpoint,
          expirationTime: null,
          keys: { p256dh: sub.p256dh, auth: sub.auth },
        }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, stub);
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

  await listed.click();
  await expect(section.getByText("None yet.")).toBeVisible();
  await expect(section.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
});
