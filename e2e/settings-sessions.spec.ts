// Settings' "Where you're signed in" and "Password" (docs/accounts.md) as a person meets them, with
// the same account open in two browsers: signing the other one out from Settings signs it out at
// once, and so does changing the password, after which the new password is the one that works.
// At a phone's and a desktop's width; each run leaves screenshots of the two sessions in both
// themes under test-results/screens/.
import type { Browser, Page } from "@playwright/test";
import {
  type Account,
  logIn,
  newAccount,
  passwordInput,
  signInViaApi,
  submitLogin,
} from "./support/accounts";
import { E2E_BASE_URL } from "./support/env";
import { expect, test, uniqueIp } from "./support/fixtures";
import { createAccount, realtimeReady } from "./support/people";
import { toast } from "./support/screen";

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const NEW_PASSWORD = "amber lantern 5190";

/** The same person's other computer: its own context, address and browser. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    userAgent: FIREFOX_ON_LINUX,
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  return context.newPage();
}

/** Signs in on `page` and leaves it on a signed-in screen with its realtime connection up. */
async function openSignedIn(page: Page, account: Account): Promise<void> {
  await signInViaApi(page, account);
  const live = realtimeReady(page);
  await page.goto("/activity");
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  await live;
}

/** The page ends on the sign-in screen by itself, as after a suspension (e2e/safety.spec.ts). */
async function expectSignedOut(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toHaveCount(0);
}

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

const sessionsOf = (page: Page) => page.getByRole("region", { name: "Where you're signed in" });
const rowsOf = (page: Page) => sessionsOf(page).getByRole("listitem");

for (const width of [375, 1280]) {
  test(`at ${width} px, Settings signs the other browser out, and a password change does too`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const account = newAccount("sessions", "Sam Sessions");
    await createAccount(page, account);
    await signInViaApi(page, account);
    const other = await otherBrowser(browser);
    await openSignedIn(other, account);

    // Two sessions: this one, and Firefox on the other computer with its own Sign out.
    await page.goto("/settings");
    await expect(rowsOf(page)).toHaveCount(2);
    const mine = rowsOf(page).filter({ hasText: "This device" });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole("button")).toHaveCount(0);
    const firefox = rowsOf(page).filter({ hasText: "Firefox 128 on Linux" });
    await expect(firefox.getByText(/^Last active /)).toBeVisible();
    await expect(
      sessionsOf(page).getByRole("button", { name: "Sign out of all other sessions" }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page, width);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator("html")).toHaveClass(colorScheme);
      await page.screenshot({
        path: `test-results/screens/settings-sessions-${width}-${colorScheme}.png`,
        fullPage: true,
        // Colours ease in (transition-colors): the picture is of where they settle.
        animations: "disabled",
      });
    }

    await firefox.getByRole("button", { name: "Sign out Firefox 128 on Linux" }).click();
    await expect(toast(page, "Signed out of 1 session.")).toBeVisible();
    await expect(rowsOf(page)).toHaveCount(1);
    await expect(rowsOf(page)).toContainText("This device");
    await expectSignedOut(other);

    // Signed in there again; a wrong current password is refused under its field.
    await openSignedIn(other, account);
    await page.reload();
    await expect(rowsOf(page)).toHaveCount(2);
    const form = page.getByRole("region", { name: "Password" });
    await passwordInput(page, "Current password").fill("not the password");
    await passwordInput(page, "New password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Current password is incorrect.")).toBeVisible();
    await expect(passwordInput(page, "New password")).toHaveValue(NEW_PASSWORD);
    await form.screenshot({
      path: `test-results/screens/settings-password-error-${width}-dark.png`,
      animations: "disabled",
    });

    await passwordInput(page, "Current password").fill(account.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(
      toast(page, "Password changed. You were signed out everywhere else."),
    ).toBeVisible();
    await expect(passwordInput(page, "Current password")).toHaveValue("");
    await expect(passwordInput(page, "New password")).toHaveValue("");
    await expect(rowsOf(page)).toHaveCount(1);
    await expectSignedOut(other);

    // This browser stays signed in on its fresh cookie; elsewhere only the new password works.
    await page.reload();
    await expect(rowsOf(page).filter({ hasText: "This device" })).toHaveCount(1);
    await submitLogin(other, account.email, account.password);
    await expect(toast(other, "Invalid email or password.")).toBeVisible();
    await logIn(other, { ...account, password: NEW_PASSWORD });
    await expect(other.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
    await other.context().close();
  });
}
