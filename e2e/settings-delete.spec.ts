// Deleting the account from Settings (docs/accounts.md "Deleting the account") as a person does
// it: sign up on the screens, open Settings, read what goes and what is held, ask for the code,
// type the one from the captured mail, and land signed out on the home page; the old password
// then signs in no more. At a phone's and a desktop's width; each run leaves screenshots of the
// section in both themes under test-results/screens/.
import type { Page } from "@playwright/test";
import {
  type Account,
  codeBoxes,
  fillRegisterForm,
  logIn,
  newAccount,
  signedInAccount,
  submitLogin,
  typeCode,
} from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForCode } from "./support/mail";
import { homeHeading, landingHeading, toast } from "./support/screen";

/** Registers on the screens with the mailed code, then logs in. */
async function signUp(page: Page, account: Account): Promise<string> {
  await page.goto("/signup?tab=register");
  await fillRegisterForm(page, account);
  await page.getByRole("button", { name: "Create Account" }).click();
  const code = await waitForCode(account.email);
  await typeCode(page, code);
  await expect(toast(page, "Email verified! Please log in.")).toBeVisible();
  await logIn(page, account);
  await expect(homeHeading(page)).toBeVisible();
  return code;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme);
    await page.getByRole("region", { name: "Delete account" }).screenshot({
      path: `test-results/screens/${name}-${colorScheme}.png`,
      animations: "disabled",
    });
  }
}

for (const width of [375, 1280]) {
  test(`at ${width} px, Settings deletes the account with the mailed code`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const account = newAccount("deleting", "Dee Leting");
    const signUpCode = await signUp(page, account);

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Delete account" });
    await expect(section.getByText("Deleting your account is permanent.")).toBeVisible();
    await expect(section.getByText(/held for 90 days/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 }).last()).toHaveText("Delete account");
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await shoot(page, `settings-delete-${width}`);

    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(section.getByText(account.email)).toBeVisible();
    await expect(codeBoxes(page).first()).toBeFocused();
    await expect(section.getByRole("button", { name: /^Resend code in \d+s$/ })).toBeDisabled();
    const code = await waitForCode(account.email, signUpCode);

    // A wrong code is refused in place and deletes nothing.
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await section.getByRole("button", { name: "Delete account permanently" }).click();
    await expect(section.getByRole("alert")).toHaveText("Invalid verification code");
    await shoot(page, `settings-delete-code-${width}`);

    await typeCode(page, code);
    await section.getByRole("button", { name: "Delete account permanently" }).click();
    await expect(toast(page, "Your account was deleted.")).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(landingHeading(page)).toBeVisible();

    // The account is gone: its password signs in no more, even after a reload.
    await page.reload();
    await expect(landingHeading(page)).toBeVisible();
    await page.goto("/signup");
    await submitLogin(page, account.email, account.password);
    await expect(toast(page, "Invalid email or password.")).toBeVisible();
  });
}

test("after a reload within the resend minute, the code already mailed can be entered", async ({
  page,
}) => {
  const account = await signedInAccount(page, "deleting.reload");
  const signUpCode = await waitForCode(account.email);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Delete account" });
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByText(account.email)).toBeVisible();
  const code = await waitForCode(account.email, signUpCode);

  await page.reload();
  // The entry of the code sent, not a refused send: the wait shows on Resend only.
  await expect(section.getByText(account.email)).toBeVisible();
  await expect(section.getByRole("button", { name: "Delete my account" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: /^Resend code in \d+s$/ })).toBeDisabled();
  await expect(section.getByText(/Please wait/)).toHaveCount(0);
  await typeCode(page, code);
  await section.getByRole("button", { name: "Delete account permanently" }).click();
  await expect(toast(page, "Your account was deleted.")).toBeVisible();
  await expect(landingHeading(page)).toBeVisible();
});
