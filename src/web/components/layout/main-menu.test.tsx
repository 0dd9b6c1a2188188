import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadMainMenuPanel, MainMenu } from "./main-menu";

// The panel in place, as once someone has used the page (main-menu-loading.test.tsx covers before).
beforeAll(async () => {
  await loadMainMenuPanel();
});

function renderMenu(overrides: Partial<Parameters<typeof MainMenu>[0]> = {}) {
  const props = {
    signedIn: true,
    profilePath: "/ada",
    unreadCount: 0,
    mailUnreadCount: 0,
    moderator: false,
    theme: "system" as const,
    onThemeChange: vi.fn(),
    onLogout: vi.fn(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <p>Page content</p>
      <MainMenu {...props} />
    </MemoryRouter>,
  );
  return props;
}

const menuButton = () => screen.getByRole("button", { name: "Menu" });

describe("MainMenu", () => {
  it("opens a menu whose entries are menu items, focusing the first", async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(screen.queryByRole("menu")).toBeNull();
    await user.click(menuButton());
    const menu = screen.getByRole("menu", { name: "Main menu" });
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    const names = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(names).toEqual([
      "Profile",
      "Mail",
      "Activity",
      "Bookmarks",
      "Search",
      "Settings",
      "About",
      "Policies",
      "Transparency",
      "Logout",
    ]);
    expect(
      within(menu)
        .getAllByRole("menuitemradio")
        .map((item) => item.textContent),
    ).toEqual(["Dark", "Light", "System"]);
    expect(document.activeElement?.textContent).toBe("Profile");
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe(
      "/ada",
    );
    expect(within(menu).getByRole("menuitem", { name: "Bookmarks" }).getAttribute("href")).toBe(
      "/bookmarks",
    );
    expect(within(menu).getByRole("menuitem", { name: "Transparency" }).getAttribute("href")).toBe(
      "/transparency",
    );
  });

  it("closes on Escape and gives focus back to the menu button", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(menuButton());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on a click outside", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(menuButton());
    expect(screen.getByRole("menu")).toBeTruthy();
    await user.click(screen.getByText("Page content"));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("moves between items with the arrow keys, wrapping around", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(menuButton());
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Mail");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement?.textContent).toBe("Logout");
    await user.keyboard("{Home}");
    expect(document.activeElement?.textContent).toBe("Profile");
  });

  it("lists Moderation for moderators, and neither it nor Settings when signed out", async () => {
    const user = userEvent.setup();
    renderMenu({ moderator: true });
    await user.click(menuButton());
    expect(screen.getByRole("menuitem", { name: "Settings" }).getAttribute("href")).toBe(
      "/settings",
    );
    expect(screen.getByRole("menuitem", { name: "Moderation" }).getAttribute("href")).toBe(
      "/admin/reports",
    );
    await user.keyboard("{Escape}");
    cleanup();
    renderMenu({ signedIn: false, moderator: true });
    await user.click(menuButton());
    expect(screen.queryByRole("menuitem", { name: "Settings" })).toBeNull();
    expect(screen.queryByRole("menuitem", { name: "Moderation" })).toBeNull();
  });

  it("shows the unread badge capped at 99+ and hides it at 0", async () => {
    const user = userEvent.setup();
    renderMenu({ unreadCount: 150 });
    await user.click(menuButton());
    expect(screen.getByRole("menuitem", { name: /Activity/ }).textContent).toContain("99+");
  });

  it("shows Mail's unread badge, read out as unread, capped at 99+", async () => {
    const user = userEvent.setup();
    renderMenu({ mailUnreadCount: 3 });
    await user.click(menuButton());
    const mail = screen.getByRole("menuitem", { name: /Mail/ });
    expect(mail.textContent).toBe("Mail3 unread");
    expect(within(mail).getByText("unread", { exact: false }).className).toBe("sr-only");
    expect(screen.getByRole("menuitem", { name: /Activity/ }).textContent).toBe("Activity");
    // The menu button's dot says something is unread before the menu opens.
    await user.keyboard("{Escape}");
    expect(menuButton().querySelector(".bg-red-500")).toBeTruthy();
  });

  it("caps Mail's badge at 99+", async () => {
    const user = userEvent.setup();
    renderMenu({ mailUnreadCount: 120 });
    await user.click(menuButton());
    expect(screen.getByRole("menuitem", { name: /Mail/ }).textContent).toBe("Mail99+ unread");
  });

  it("hides the badge when nothing is unread", async () => {
    const user = userEvent.setup();
    renderMenu({ unreadCount: 0 });
    await user.click(menuButton());
    expect(screen.getByRole("menuitem", { name: /Activity/ }).textContent).toBe("Activity");
    expect(screen.getByRole("menuitem", { name: /Mail/ }).textContent).toBe("Mail");
  });

  it("switches the theme from its radio items and signs out from Logout", async () => {
    const user = userEvent.setup();
    const props = renderMenu({ theme: "light" });
    await user.click(menuButton());
    expect(screen.getByRole("menuitemradio", { name: "Light" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await user.click(screen.getByRole("menuitemradio", { name: "Dark" }));
    expect(props.onThemeChange).toHaveBeenCalledWith("dark");
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    expect(props.onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("offers Sign in instead of Logout when signed out", async () => {
    const user = userEvent.setup();
    renderMenu({ signedIn: false, profilePath: "/signup" });
    await user.click(menuButton());
    expect(screen.queryByRole("menuitem", { name: "Logout" })).toBeNull();
    expect(screen.getByRole("menuitem", { name: "Sign in" }).getAttribute("href")).toBe("/signup");
  });
});
