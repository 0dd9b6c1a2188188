// The installable app (docs/notifications.md "Installable app"), in Chromium with the service
// worker allowed: the page links a manifest an install needs (standalone, start URL, maskable
// icons); the worker installs once the page has loaded and controls the next page; with the network
// gone a page is the offline page, and "Try again" brings the app back; a push delivered to the
// worker through the DevTools protocol shows its notification, as the payload says; Settings turns
// notifications on for this browser (its push subscription stubbed, since no push service is
// reachable here: the server's own tests deliver to a local one) and lists it, axe-clean.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { signedInAccount } from "./support/accounts";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { landingHeading } from "./support/screen";

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

test("links an installable manifest, installs the worker, and shows the offline page without the network", async ({
  page,
  context,
}) => {
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

  await context.setOffline(true);
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
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
