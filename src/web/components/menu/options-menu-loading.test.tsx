// The '…' menu used before it has loaded (options-menu.tsx): the button stands in, and a click
// loads the menu, opens it with its items and tells the owner it opened. Imported afresh, so the
// test setup's loading of the menu does not reach this module graph.
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { MenuOwnerProps } from "../../test-support/menu-owner";

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
    const { loadOptionsMenus, menuOwner, OptionsMenuOnUse } = await import("./options-menu");
    const onOpenChange = vi.fn();
    const importer = vi.fn(() => import("../../test-support/menu-owner"));
    const owner = menuOwner<MenuOwnerProps>(importer);
    const user = userEvent.setup();
    try {
      render(
        <main>
          <OptionsMenuOnUse
            label="Comment options"
            owner={owner}
            props={{ label: "Comment options", item: "Report comment", onOpenChange }}
          />
        </main>,
      );
      const button = screen.getByRole("button", { name: "Comment options" });
      expect(button.getAttribute("aria-haspopup")).toBe("menu");
      expect(importer).not.toHaveBeenCalled();
      button.focus();
      // The menu's code and its owner's in: an owner drawn before its button's use would open its
      // menu now.
      await act(async () => {
        await loadOptionsMenus();
      });
      expect(importer).toHaveBeenCalledTimes(1);
      expect(onOpenChange).not.toHaveBeenCalled();
      await user.keyboard("{ArrowDown}");
      expect(await screen.findByRole("menuitem", { name: "Report comment" })).toBeTruthy();
      expect(onOpenChange).toHaveBeenCalledWith(true);
    } finally {
      cleanup();
    }
  });

  it("OptionsMenuOnUse: a click before anything has loaded loads its owner and opens its menu", async () => {
    vi.resetModules();
    const { cleanup, render, screen } = await import("@testing-library/react");
    const { menuOwner, OptionsMenuOnUse } = await import("./options-menu");
    const importer = vi.fn(() => import("../../test-support/menu-owner"));
    const owner = menuOwner<MenuOwnerProps>(importer);
    const user = userEvent.setup();
    try {
      render(
        <main>
          <OptionsMenuOnUse
            label="Post options"
            owner={owner}
            props={{ label: "Post options", item: "Copy link" }}
          />
        </main>,
      );
      expect(importer).not.toHaveBeenCalled();
      await user.click(screen.getByRole("button", { name: "Post options" }));
      expect(await screen.findByRole("menuitem", { name: "Copy link" })).toBeTruthy();
      expect(importer).toHaveBeenCalledTimes(1);
    } finally {
      cleanup();
    }
  });
});
