// Face verification in the browser (spec-2 §2 "Face verification dialog", §4, §5, §6, §8;
// docs/profiles-and-media.md "Face verification"): a person with a profile photo opens 'AI Face
// Verification', starts the camera, captures, and the server compares the capture with the photo.
// Chromium's fake camera plays a sample face (support/fake-camera.ts): the same person as the
// photo earns the black badge; someone else is told the match failed and gets no badge.
import type { Browser, Page } from "@playwright/test";
import { FACE_MESSAGES } from "../src/domain/contracts/verification";
import { faceOf, type SamplePerson } from "../src/server/test-support/sample-faces";
import { signedInAccount } from "./support/accounts";
import { E2E_BASE_URL } from "./support/env";
import { browserWithCamera } from "./support/fake-camera";
import { expect, test, uniqueIp } from "./support/fixtures";
import { ownHandle } from "./support/people";
import { toast } from "./support/screen";

/** The first verification loads the face model in the server's worker: allow for it. */
const VERIFY_TIMEOUT_MS = 30_000;

const SUCCESS_TEXT = "Face verified. Your profile now shows the black badge.";

async function personAt(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 1280, height: 720 },
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  return context.newPage();
}

/** Signs a new person up, and uploads `photo`'s face as their profile picture on the editor. */
async function personWithPhoto(browser: Browser, photo: SamplePerson) {
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
    buffer: await faceOf(photo, 480),
  });
  await expect(toast(page, "Profile image uploaded successfully")).toBeVisible();
  return { page, handle };
}

/** Opens the dialog, starts the camera, waits for a frame, and presses 'Capture & Verify'. */
async function captureWithCamera(page: Page) {
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
  await dialog.getByRole("button", { name: "Capture & Verify" }).click();
  await expect(dialog.getByRole("img", { name: "Captured snapshot" })).toBeVisible();
  return dialog;
}

const blackBadge = (page: Page) =>
  page.getByRole("heading", { level: 1 }).getByRole("img", { name: "Verified (black)" });

test.describe("face verification with Chromium's fake camera", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the same face as the profile photo earns the black badge", async ({
    playwright,
    launchOptions,
  }) => {
    const camera = await browserWithCamera(playwright.chromium, launchOptions, "a");
    try {
      const { page, handle } = await personWithPhoto(camera.browser, "a");
      const dialog = await captureWithCamera(page);
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
    const camera = await browserWithCamera(playwright.chromium, launchOptions, "b");
    try {
      const { page, handle } = await personWithPhoto(camera.browser, "a");
      const dialog = await captureWithCamera(page);
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
});
