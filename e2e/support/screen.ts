// What a person looks at on every screen: the toasts and the header's menu.
import { expect, type Page } from "@playwright/test";

/** A toast with this text (sonner's notification region). */
export const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

export const menuButton = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });

export const mainMenu = (page: Page) => page.getByRole("menu", { name: "Main menu" });

/** Opens the header menu and returns it. */
export async function openMenu(page: Page) {
  await menuButton(page).click();
  await expect(mainMenu(page)).toBeVisible();
  return mainMenu(page);
}

/** The signed-out home page. */
export const landingHeading = (page: Page) =>
  page.getByRole("heading", { name: "chtcht", level: 1 });

/** The signed-in home page (the feed). */
export const homeHeading = (page: Page) => page.getByRole("heading", { name: "Home", level: 1 });
