import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { AppShell } from "./app-shell";

afterEach(() => vi.unstubAllGlobals());

describe("AppShell header", () => {
  it("names the profile button starting with the initials it shows (WCAG 2.5.3 label in name)", async () => {
    stubFetch(() => undefined);
    renderWithRoutes([{ path: "/", element: <AppShell /> }], { url: "/", viewer: ADA });
    const button = await screen.findByRole("button", { name: "AL: Your profile" });
    expect(button.textContent).toBe("AL");
  });

  it("offers 'Get a custom username' in the menu to a person without one; it opens Reserve Username", async () => {
    stubFetch(({ path }) =>
      path === "/api/usernames/mine" ? json({ username: null }) : undefined,
    );
    const { user } = renderWithRoutes([{ path: "/", element: <AppShell /> }], {
      url: "/",
      viewer: ADA,
    });
    await user.click(screen.getByRole("button", { name: "Menu" }));
    const item = await screen.findByRole("menuitem", { name: "Get a custom username" });
    await user.click(item);
    expect(await screen.findByRole("dialog", { name: "Reserve Username" })).toBeTruthy();
  });

  it("offers no custom username in the menu to a person who has one", async () => {
    const calls = stubFetch(({ path }) =>
      path === "/api/usernames/mine"
        ? json({
            username: {
              name: "ada",
              status: "active",
              provider: "test",
              yearlyUsd: 30,
              periodEndsAt: "2027-04-13T12:00:00.000Z",
              cancelAtPeriodEnd: false,
              graceEndsAt: null,
            },
          })
        : undefined,
    );
    const { user } = renderWithRoutes([{ path: "/", element: <AppShell /> }], {
      url: "/",
      viewer: ADA,
    });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/usernames/mine")).toBe(true));
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(await screen.findByRole("menuitem", { name: "Profile" })).toBeTruthy();
    expect(screen.queryByRole("menuitem", { name: "Get a custom username" })).toBeNull();
  });
});
