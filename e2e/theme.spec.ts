// The theme preference (spec-1 §4, §5): dark | light | system in localStorage 'theme', applied as
// a class on <html> — by public/theme-init.js before the first paint, then by the app.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { landingHeading, openMenu } from "./support/screen";

const html = (page: Page) => page.locator("html");
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));

/** Records the class of <html> at the moment <body> is created, i.e. before anything is painted. */
async function watchClassBeforeBody(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      document.documentElement.dataset.classAtBody = document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function chooseTheme(page: Page, name: "Dark" | "Light" | "System") {
  const menu = await openMenu(page);
  const option = menu.getByRole("menuitemradio", { name });
  await option.click();
  await expect(option).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
}

test.describe("on a light system", () => {
  test.use({ colorScheme: "light" });

  test("Dark from the menu sticks across reloads without a flash; Light switches back", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    await expect(html(page)).toHaveClass("light");

    await chooseTheme(page, "Dark");
    await expect(html(page)).toHaveClass("dark");
    expect(await storedTheme(page)).toBe("dark");

    await watchClassBeforeBody(page);
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect(html(page)).toHaveAttribute("data-class-at-body", "dark");
    await expect(html(page)).toHaveClass("dark");
    await expect(landingHeading(page)).toBeVisible();
    await expect(html(page)).toHaveClass("dark");

    await chooseTheme(page, "Light");
    await expect(html(page)).toHaveClass("light");
    expect(await storedTheme(page)).toBe("light");
  });

  test("the stored theme is applied even before the app's script runs", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    // Without the app bundle, only theme-init.js can set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(html(page)).toHaveClass("dark");
  });
});

test.describe("on a dark system", () => {
  test.use({ colorScheme: "dark" });

  test("an invalid stored value falls back to system", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("theme", "blue"));
    await watchClassBeforeBody(page);
    await page.reload();
    await expect(html(page)).toHaveAttribute("data-class-at-body", "dark");
    await expect(html(page)).toHaveClass("dark");
    const menu = await openMenu(page);
    await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute(
      "aria-checked",
      "true",
    );

    // On system the page follows the operating system's setting.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).toHaveClass("light");
  });
});
