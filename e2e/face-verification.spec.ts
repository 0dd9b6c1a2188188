// Face verification in the browser (spec-2 §2 "Face verification dialog", §4, §5, §6, §8;
// docs/profiles-and-media.md "Face verification"): a person with a profile photo opens 'AI Face
// Verification', starts the camera, presses 'Capture & Verify', follows the prompts of the live
// check, and the server decides. Chromium's fake camera (support/fake-camera.ts) plays a person
// following the challenge the e2e server asks for: the same person as the photo earns the black
// badge; someone else is told the match failed; a still photo of the right person is refused.
import type { Browser, Page } from "@playwright/test";
import { FACE_MESSAGES } from "../src/domain/contracts/verification";
import { liveFrame, liveProfilePhoto } from "../src/server/test-support/live-faces";
import { faceOf } from "../src/server/test-support/sample-faces";
import { signedInAccount } from "./support/accounts";
import { E2E_BASE_URL, E2E_FACE_ACTIONS } from "./support/env";
import { browserWithCamera, type CameraShows, startCheckOnCue } from "./support/fake-camera";
import { expect, test, uniqueIp } from "./support/fixtures";
import { ownHandle } from "./support/people";
import { toast } from "./support/screen";

/** The check's prompts take about 7 s, and the first verification loads the face model in the
 * server's worker: allow for both. */
const VERIFY_TIMEOUT_MS = 45_000;

const LIVE: CameraShows = { live: ["straight", ...E2E_FACE_ACTIONS] };

const SUCCESS_TEXT = "Face verified. Your profile now shows the black badge.";

async function personAt(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 1280, height: 720 },
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  return context.newPage();
}

/** Signs a new person up, and uploads `photo` as their profile picture on the editor. */
async function personWithPhoto(browser: Browser, photo: Buffer) {
  const page = await personAt(browser);
  await signedInAccount(page, "face");
  const handle = await ownHandle(page);
  await page.goto(`/${handle}/edit-profile`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Change profile picture" }).click();
  await (await chooser).setFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await expect(toast(page, "Profile image uploaded successfully")).toBeVisible();
  return { page, handle };
}

/** Opens the dialog, starts the camera, waits for a frame, and presses 'Capture & Verify': for a
 * live camera as its first step begins. */
async function captureWithCamera(page: Page, shows: CameraShows) {
  await page.getByRole("button", { name: "AI Face Verification" }).click();
  const dialog = page.getByRole("dialog", { name: "Face Verification" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Start camera" }).click();
  await expect(dialog.getByRole("button", { name: "Stop camera" })).toBeVisible();
  const preview = dialog.locator("video");
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth), {
      message: "the camera preview shows frames",
    })
    .toBeGreaterThan(0);
  const capture = dialog.getByRole("button", { name: "Capture & Verify" });
  if ("live" in shows) await startCheckOnCue(preview, capture);
  else await capture.click();
  await expect(dialog.getByText("Step 1 of 3")).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Captured snapshot" })).toBeVisible({
    timeout: VERIFY_TIMEOUT_MS,
  });
  return dialog;
}

const blackBadge = (page: Page) =>
  page.getByRole("heading", { level: 1 }).getByRole("img", { name: "Verified (black)" });

// Tagged @camera: scripts/e2e.sh runs these alone after the rest, since beside another worker the
// page's live check can fall behind the fake camera's prompts.
test.describe("face verification with Chromium's fake camera", { tag: "@camera" }, () => {
  test.describe.configure({ timeout: 120_000 });

  test("the same face as the profile photo, following the prompts, earns the black badge", async ({
    playwright,
    launchOptions,
  }) => {
    const camera = await browserWithCamera(playwright.chromium, launchOptions, LIVE);
    try {
      const { page, handle } = await personWithPhoto(camera.browser, await liveProfilePhoto());
      const dialog = await captureWithCamera(page, LIVE);
      await expect(dialog.getByText(SUCCESS_TEXT)).toBeVisible({ timeout: VERIFY_TIMEOUT_MS });
      // A match releases the camera.
      await expect(dialog.getByRole("button", { name: "Start camera" })).toBeVisible();

      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      // The editor now warns that a new photo would take the badge away.
      await expect(
        page.getByText("A new profile photo removes the black badge until you verify again."),
      ).toBeVisible();

      await page.goto(`/${handle}`);
      await expect(blackBadge(page)).toBeVisible();
      await page.reload();
      await expect(blackBadge(page)).toBeVisible();
    } finally {
      await camera.close();
    }
  });

  test("another person's face is refused: the mismatch message and no badge", async ({
    playwright,
    launchOptions,
  }) => {
    const camera = await browserWithCamera(playwright.chromium, launchOptions, LIVE);
    try {
      const { page, handle } = await personWithPhoto(camera.browser, await faceOf("a", 480));
      const dialog = await captureWithCamera(page, LIVE);
      await expect(dialog.getByText(FACE_MESSAGES.noMatch)).toBeVisible({
        timeout: VERIFY_TIMEOUT_MS,
      });
      await expect(dialog.getByText(SUCCESS_TEXT)).toBeHidden();
      // The camera stays on for another try.
      await expect(dialog.getByRole("button", { name: "Stop camera" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      await page.goto(`/${handle}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("img", { name: /^Verified/ })).toHaveCount(0);
    } finally {
      await camera.close();
    }
  });

  test("a still photo of the right person is refused: no movement, no badge", async ({
    playwright,
    launchOptions,
  }) => {
    const still: CameraShows = { still: await liveFrame("straight") };
    const camera = await browserWithCamera(playwright.chromium, launchOptions, still);
    try {
      const { page, handle } = await personWithPhoto(camera.browser, await liveProfilePhoto());
      const dialog = await captureWithCamera(page, still);
      await expect(dialog.getByText(FACE_MESSAGES.notLive)).toBeVisible({
        timeout: VERIFY_TIMEOUT_MS,
      });
      await expect(dialog.getByText(SUCCESS_TEXT)).toBeHidden();
      await page.goto(`/${handle}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("img", { name: /^Verified/ })).toHaveCount(0);
    } finally {
      await camera.close();
    }
  });
});
