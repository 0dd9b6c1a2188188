// The header's menu used before its panel has loaded (main-menu.tsx): the button stands in, and
// using it by keyboard loads the panel and opens it with the first item focused. Imported afresh,
// so no other test has loaded the panel in this module graph.
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

const props = {
  signedIn: true,
  profilePath: "/ada",
  unreadCount: 2,
  mailUnreadCount: 0,
  moderator: false,
  theme: "system" as const,
  onThemeChange: vi.fn(),
  onLogout: vi.fn(),
};

describe("MainMenu before its panel has loaded", () => {
  it("is a collapsed menu button, and Enter opens the menu on its first item", async () => {
    vi.resetModules();
    const { cleanup, render, screen } = await import("@testing-library/react");
    const { MemoryRouter } = await import("react-router");
    const { MainMenu } = await import("./main-menu");
    const user = userEvent.setup();
    try {
      render(
        <MemoryRouter>
          <MainMenu {...props} />
        </MemoryRouter>,
      );
      const button = screen.getByRole("button", { name: "Menu" });
      expect(button.id).toBe("");
      expect(button.getAttribute("aria-haspopup")).toBe("menu");
      expect(button.getAttribute("aria-expanded")).toBe("false");
      expect(screen.queryByRole("menu")).toBeNull();
      await user.tab();
      expect(document.activeElement).toBe(button);
      await user.keyboard("{Enter}");
      await screen.findByRole("menu", { name: "Main menu" });
      expect(document.activeElement?.textContent).toBe("Profile");
      expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe(
        "true",
      );
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("menu")).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Menu" }));
    } finally {
      cleanup();
    }
  });
});
