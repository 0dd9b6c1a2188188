// The '…' menu used before it has loaded (options-menu.tsx): the button stands in, and a click
// loads the menu, opens it with its items and tells the owner it opened. Imported afresh, so the
// test setup's loading of the menu does not reach this module graph.
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

describe("OptionsMenu before it has loaded", () => {
  it("is a collapsed menu button, and a click opens the menu with its items", async () => {
    vi.resetModules();
    const { cleanup, render, screen } = await import("@testing-library/react");
    const { OptionsMenu } = await import("./options-menu");
    const { OptionsMenuItem } = await import("./options-menu-item");
    const onOpenChange = vi.fn();
    const onSelect = vi.fn();
    const user = userEvent.setup();
    try {
      render(
        <main>
          <OptionsMenu label="Post options" onOpenChange={onOpenChange}>
            <OptionsMenuItem icon={null} onSelect={onSelect}>
              Copy link
            </OptionsMenuItem>
          </OptionsMenu>
        </main>,
      );
      const button = screen.getByRole("button", { name: "Post options" });
      expect(button.getAttribute("aria-expanded")).toBe("false");
      expect(screen.queryByRole("menu")).toBeNull();
      await user.click(button);
      const item = await screen.findByRole("menuitem", { name: "Copy link" });
      expect(onOpenChange).toHaveBeenCalledWith(true);
      await user.click(item);
      expect(onSelect).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole("menu")).toBeNull();
    } finally {
      cleanup();
    }
  });

  it("OptionsMenuOnUse: the button alone, then its owner's menu, open, from the first ↓", async () => {
    vi.resetModules();
    const { act, cleanup, render, screen } = await import("@testing-library/react");
    const { loadOptionsMenuPanel, OptionsMenu, OptionsMenuOnUse } = await import("./options-menu");
    const { OptionsMenuItem } = await import("./options-menu-item");
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    try {
      render(
        <main>
          <OptionsMenuOnUse label="Comment options">
            <OptionsMenu label="Comment options" usedAlready onOpenChange={onOpenChange}>
              <OptionsMenuItem icon={null} onSelect={() => undefined}>
                Report comment
              </OptionsMenuItem>
            </OptionsMenu>
          </OptionsMenuOnUse>
        </main>,
      );
      const button = screen.getByRole("button", { name: "Comment options" });
      expect(button.getAttribute("aria-haspopup")).toBe("menu");
      button.focus();
      // The menu's code in: an owner drawn before its button's use would open its menu now.
      await act(async () => {
        await loadOptionsMenuPanel();
      });
      expect(onOpenChange).not.toHaveBeenCalled();
      await user.keyboard("{ArrowDown}");
      expect(await screen.findByRole("menuitem", { name: "Report comment" })).toBeTruthy();
      expect(onOpenChange).toHaveBeenCalledWith(true);
    } finally {
      cleanup();
    }
  });
});
