// Two-factor authentication (docs/accounts.md "Two-factor authentication") as a person meets it:
// set up in Settings with the key read off the page (the code computed as a phone app would),
// the ten backup codes shown once and downloaded, then logging in asks for a code from the app,
// and a backup code works in its place; turned off, the password alone logs in again. At a
// desktop's width; the steps are also pictured at a phone's, in both themes, under
// test-results/screens/.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { AUTHENTICATOR_CODE_PROMPT } from "../src/domain/contracts/two-factor";
import { totpCode } from "../src/server/test-support/totp";
import { type Account, newAccount, signInViaApi, submitLogin } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount } from "./support/people";
import { homeHeading, landingHeading, openMenu, toast } from "./support/screen";

const OFF_TEXT = "Ask for a code from an authenticator app when you log in.";

const sectionOf = (page: Page) => page.getByRole("region", { name: "Two-factor authentication" });

/** Pictures of `part` at 1280 and 375 px in both themes; the page has no sideways scroll. */
async function picture(page: Page, part: Locator, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator("html")).toHaveClass(colorScheme);
      await part.screenshot({
        path: `test-results/screens/two-factor-${name}-${width}-${colorScheme}.png`,
        animations: "disabled",
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

async function logOut(page: Page): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(landingHeading(page)).toBeVisible();
}

/** Email and password on the Login tab, which then asks for the second step. */
async function logInToSecondStep(page: Page, account: Account): Promise<void> {
  await page.goto("/signup");
  await submitLogin(page, account.email, account.password);
  await expect(page.getByLabel(AUTHENTICATOR_CODE_PROMPT)).toBeFocused();
}

test("two-factor authentication: set up, log in with the app's code and a backup code, turn off", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = newAccount("twofactor", "Tess Twofactor");
  await createAccount(page, account);
  await signInViaApi(page, account);
  await page.goto("/settings");
  const section = sectionOf(page);
  const password = section.getByLabel("Password", { exact: true });
  await expect(section.getByText(OFF_TEXT)).toBeVisible();

  // Set up: the password first (a wrong one is refused under the field), then the key.
  await section.getByRole("button", { name: "Set up" }).click();
  await expect(password).toBeFocused();
  await password.fill("not the password");
  await section.getByRole("button", { name: "Continue" }).click();
  await expect(section.getByText("Current password is incorrect.")).toBeVisible();
  await password.fill(account.password);
  await section.getByRole("button", { name: "Continue" }).click();
  await expect(
    section.getByRole("heading", { name: "Scan this QR code with your authenticator app" }),
  ).toBeFocused();
  const qr = section.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const shownKey = await section.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  const key = (shownKey ?? "").replace(/\s/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32,}$/);
  await picture(page, section, "scan");

  // A wrong code is refused under the field; the app's code turns it on.
  const codeField = section.getByLabel("Enter the 6-digit code from your app");
  await codeField.fill(totpCode(key, Date.now() - 10 * 60_000));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByText(/That code is not right/)).toBeVisible();
  // The previous 30 s step's code, still accepted: each code works once, and the sign-in below
  // needs its own.
  await codeField.fill(totpCode(key, Date.now() - 30_000));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(toast(page, "Two-factor authentication is on.")).toBeVisible();
  await expect(section.getByRole("heading", { name: "Save your backup codes" })).toBeFocused();
  const list = section.getByRole("list", { name: "Backup codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = await list.getByRole("listitem").allTextContents();
  for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  await expect(section.getByText(/They will not be shown again/)).toBeVisible();
  await picture(page, section, "codes");

  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("chtcht-backup-codes.txt");
  const file = await readFile(await download.path(), "utf8");
  for (const code of codes) expect(file).toContain(code);

  await section.getByRole("button", { name: "Done" }).click();
  await expect(section.getByText("On. 10 backup codes left.")).toBeVisible();
  // This browser stays signed in on the cookie the change gave it.
  await page.reload();
  await expect(section.getByText("On. 10 backup codes left.")).toBeVisible();

  // Logging in asks for the app's code: the password alone makes no session.
  await logOut(page);
  await logInToSecondStep(page, account);
  await picture(page, page.locator("main"), "sign-in");
  await page.getByLabel(AUTHENTICATOR_CODE_PROMPT).fill(totpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(homeHeading(page)).toBeVisible();

  // A backup code works in its place, once.
  await logOut(page);
  await logInToSecondStep(page, account);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  const backupField = page.getByLabel("Enter one of your backup codes");
  await expect(backupField).toBeFocused();
  await backupField.fill(codes[0] as string);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(homeHeading(page)).toBeVisible();

  // Turned off with the password: the password alone logs in again.
  await page.goto("/settings");
  await expect(section.getByText("On. 9 backup codes left.")).toBeVisible();
  await section.getByRole("button", { name: "Turn off" }).click();
  await password.fill(account.password);
  await section.getByRole("button", { name: "Turn off" }).click();
  await expect(toast(page, "Two-factor authentication is off.")).toBeVisible();
  await expect(section.getByText(OFF_TEXT)).toBeVisible();
  await logOut(page);
  await page.goto("/signup");
  await submitLogin(page, account.email, account.password);
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(homeHeading(page)).toBeVisible();
});
