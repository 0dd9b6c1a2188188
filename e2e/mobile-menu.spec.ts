// The header and its menu on a phone (spec-1 §2 "Header and menu"): fits 375 px, lists every
// entry, closes on Escape and on a click outside, returns focus, moves with the arrow keys. On a
// desktop the panel hangs from the window's right edge.
import type { Page } from "@playwright/test";
import { signedInAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { homeHeading, landingHeading, mainMenu, menuButton, openMenu } from "./support/screen";

test.use({ viewport: { width: 375, height: 812 } });

const ENTRIES = ["Profile", "Mail", "Activity", "Search", "About", "Policies", "Transparency"];

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity);
  expect(width).toBeLessThanOrEqual(375);
  // Polled: the button is drawn again once the menu's panel has loaded (main-menu.tsx).
  await expect
    .poll(async () => {
      const button = await menuButton(page).boundingBox();
      return button && button.x + button.width;
    })
    .toBeLessThanOrEqual(375);
}

test("signed out: the header fits, and the menu opens, lists its entries and closes", async ({
  page,
}) => {
  await page.goto("/");
  await expect(landingHeading(page)).toBeVisible();
  await expectNoHorizontalScroll(page);

  const menu = await openMenu(page);
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("menuitem")).toHaveText([...ENTRIES, "Sign in"]);
  await expect(menu.getByRole("menuitemradio")).toHaveText(["Dark", "Light", "System"]);
  await expectNoHorizontalScroll(page);

  await page.keyboard.press("Escape");
  await expect(mainMenu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

  // A click outside the panel — here on the empty middle of the header — closes it too.
  await openMenu(page);
  await page.getByRole("banner").click({ position: { x: 180, y: 28 } });
  await expect(mainMenu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await expect(page).toHaveURL("/");
});

test("arrow keys move between the entries, and Home/End jump to the ends", async ({ page }) => {
  await page.goto("/");
  const menu = await openMenu(page);
  const item = (name: string) => menu.getByRole("menuitem", { name, exact: true });
  await expect(item("Profile")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item("Mail")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item("Activity")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(item("Mail")).toBeFocused();
  await page.keyboard.press("End");
  await expect(item("Sign in")).toBeFocused();
  // Past the last entry focus wraps around to the first.
  await page.keyboard.press("ArrowDown");
  await expect(item("Profile")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(item("Sign in")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(item("Profile")).toBeFocused();

  // Radix moves focus a task after the key (its roving focus), so Enter waits for it as a person's
  // next key would.
  await page.keyboard.press("ArrowDown");
  await expect(item("Mail")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/mail");
  await expect(mainMenu(page)).toBeHidden();
});

test("signed in: the header fits and the menu ends with Logout", async ({ page }) => {
  await signedInAccount(page, "mobile");
  await page.goto("/");
  await expect(homeHeading(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Your profile" })).toBeEnabled();
  await expectNoHorizontalScroll(page);

  const menu = await openMenu(page);
  // A new account has no reserved username, so the menu offers one under Profile.
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Profile",
    "Get a custom username",
    ...ENTRIES.slice(1, 3),
    "Bookmarks",
    ...ENTRIES.slice(3, 4),
    "Settings",
    ...ENTRIES.slice(4),
    "Logout",
  ]);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: "test-results/screens/mobile-menu-signed-in.png" });

  await page.keyboard.press("Escape");
  await expect(mainMenu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});

test("at 1280 px and wider the panel hangs from the window's right edge, not the content column", async ({
  page,
}) => {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    const menu = await openMenu(page);
    const windowWidth = await page.evaluate(() => document.documentElement.clientWidth);
    // The panel slides in from the right: where it comes to rest is what counts.
    await expect
      .poll(async () => {
        const panel = await menu.boundingBox();
        return panel && Math.round(panel.x + panel.width);
      }, `${width} px`)
      .toBe(windowWidth);
    await page.keyboard.press("Escape");
    await expect(mainMenu(page)).toBeHidden();
  }
});

test("used before its panel has loaded, the button opens the menu on its first entry", async ({
  page,
}) => {
  // The panel's script held back (main-menu.tsx): the stand-in button takes the key press.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-menu-panel-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await expect(landingHeading(page)).toBeVisible();
  await menuButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(mainMenu(page)).toBeHidden();
  release();
  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Profile", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menuButton(page)).toBeFocused();
});
