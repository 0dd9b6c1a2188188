import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADA, json, renderWithRoutes, sessionFor, stubFetch } from "../../test-support/posts";
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

describe('AppShell without the network (docs/notifications.md "Installable app")', () => {
  /** The app as its shell starts it: no session in the page, so it asks the server; the session
   * call fails for lack of network until `network.up`. */
  function openFromShell() {
    const network = { up: false };
    stubFetch(({ path }) => {
      if (!network.up) return Promise.reject(new TypeError("Failed to fetch"));
      return path === "/api/auth/session" ? json({ user: sessionFor(ADA) }) : undefined;
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: <AppShell />,
          children: [{ index: true, element: <p>Your feed</p> }],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { network, user: userEvent.setup() };
  }

  it("shows the offline state under the header in place of the screen, and the screen once Retry reaches the server", async () => {
    const { network, user } = openFromShell();
    expect(await screen.findByRole("heading", { name: "You're offline" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "chtcht" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Menu" })).toBeTruthy();
    expect(screen.queryByText("Your feed")).toBeNull();
    expect(document.title).toBe("You're offline · chtcht");

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "You're offline" })).toBeTruthy();
    network.up = true;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Your feed")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "You're offline" })).toBeNull();
    expect(screen.getByRole("button", { name: "AL: Your profile" })).toBeTruthy();
  });

  it("asks again by itself when the browser is back online", async () => {
    const { network } = openFromShell();
    expect(await screen.findByRole("heading", { name: "You're offline" })).toBeTruthy();
    network.up = true;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("Your feed")).toBeTruthy();
  });
});
