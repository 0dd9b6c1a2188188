// Passkeys (docs/accounts.md "Passkeys") as a person meets them, with real WebAuthn: Chromium's
// virtual authenticator (through the DevTools protocol) stands in for a fingerprint reader, so the
// browser makes and signs real credentials and the server checks them. Add one in Settings, log
// out, sign in with it alone, then rename and remove it, after which it no longer signs in. At a
// phone's and a desktop's width; each run leaves screenshots in both themes under
// test-results/screens/.
import type { Page } from "@playwright/test";
import { newAccount, signInViaApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createAccount } from "./support/people";
import { homeHeading, landingHeading, openMenu, toast } from "./support/screen";

/** A platform authenticator that holds discoverable credentials and verifies the person at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

const passkeysOf = (page: Page) => page.getByRole("region", { name: "Passkeys" });
const rowsOf = (page: Page) => passkeysOf(page).getByRole("listitem");

async function screenshots(page: Page, name: string, width: number): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme);
    await page.screenshot({
      path: `test-results/screens/${name}-${width}-${colorScheme}.png`,
      fullPage: true,
      // Colours ease in (transition-colors): the picture is of where they settle.
      animations: "disabled",
    });
  }
}

async function logOut(page: Page): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(landingHeading(page)).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a passkey added in Settings signs in alone, then is renamed and removed`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const account = newAccount("passkey", "Pat Passkey");
    await createAccount(page, account);
    await signInViaApi(page, account);
    const authenticator = await addVirtualAuthenticator(page);

    await page.goto("/settings");
    await expect(passkeysOf(page).getByText("No passkeys yet.")).toBeVisible();
    await passkeysOf(page).getByRole("button", { name: "Add a passkey" }).click();
    const name = passkeysOf(page).getByRole("textbox", { name: "Passkey name" });
    // Offered after the browser and system (Playwright's desktop Chrome says Windows).
    await expect(name).toHaveValue(/^Chrome on \w+/);
    await expect(name).toBeFocused();
    await name.fill("Test key");
    await passkeysOf(page).screenshot({
      path: `test-results/screens/settings-passkey-name-${width}-light.png`,
      animations: "disabled",
    });
    await passkeysOf(page).getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Passkey added.")).toBeVisible();
    await expect(rowsOf(page)).toHaveCount(1);
    await expect(rowsOf(page)).toContainText("Test key");
    await expect(rowsOf(page)).toContainText("Never used");
    // The browser made a discoverable credential for this site's host name.
    const made = await authenticator.credentials();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await passkeysOf(page).scrollIntoViewIfNeeded();
    await screenshots(page, "settings-passkeys", width);

    // Signed out, the passkey alone signs in: no e-mail, no password.
    await logOut(page);
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await screenshots(page, "sign-in-passkey", width);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(toast(page, "Welcome back!")).toBeVisible();
    await expect(homeHeading(page)).toBeVisible();

    await page.goto("/settings");
    await expect(rowsOf(page)).toContainText("Last used just now");
    await passkeysOf(page).getByRole("button", { name: "Rename Test key" }).click();
    const field = passkeysOf(page).getByRole("textbox", { name: "New name for Test key" });
    await expect(field).toBeFocused();
    await field.fill("Laptop key");
    await passkeysOf(page).screenshot({
      path: `test-results/screens/settings-passkey-rename-${width}-dark.png`,
      animations: "disabled",
    });
    await field.press("Enter");
    await expect(toast(page, "Passkey renamed.")).toBeVisible();
    const rename = passkeysOf(page).getByRole("button", { name: "Rename Laptop key" });
    await expect(rename).toBeFocused();

    await passkeysOf(page).getByRole("button", { name: "Remove Laptop key" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove Laptop key?" });
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "Passkey removed.")).toBeVisible();
    await expect(passkeysOf(page).getByText("No passkeys yet.")).toBeVisible();
    await expect(passkeysOf(page).getByRole("heading", { name: "Passkeys" })).toBeFocused();

    // The device still holds the credential, but the server no longer knows it.
    await logOut(page);
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "That passkey did not sign you in. Please try again" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  });
}
