import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type AccountState,
  accountApi,
  accountState,
  makeSession,
} from "../../test-support/account";
import { ADA, apiError, json, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { routes, safetyApi, safetyState } from "../../test-support/safety";
import { SettingsScreen } from "./settings-screen";

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function renderSettings(state: AccountState) {
  const calls = stubFetch(routes(accountApi(state), safetyApi(safetyState())));
  return {
    calls,
    ...renderWithRoutes([{ path: "/settings", element: <SettingsScreen /> }], {
      url: "/settings",
      viewer: ADA,
    }),
  };
}

const sessionsSection = () => screen.getByRole("region", { name: "Where you're signed in" });
const rows = () => within(sessionsSection()).getAllByRole("listitem");
const rowOf = (name: string) => {
  const row = rows().find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: where you're signed in", () => {
  it("lists every session above the password and blocked sections, 'This device' on the viewer's own", async () => {
    const phone = makeSession({
      browser: "Safari 18",
      system: "iOS 18.1",
      createdAt: "2026-02-20T12:00:00.000Z",
      lastSeenAt: hoursAgo(3),
    });
    const old = makeSession({
      createdAt: "2026-01-05T12:00:00.000Z",
      lastSeenAt: "2026-01-09T12:00:00.000Z",
    });
    renderSettings(accountState([phone, old]));

    await within(sessionsSection()).findByText("Chrome 131 on macOS 14.5");
    expect(rows().map((row) => within(row).getByText(/ on /).textContent)).toEqual([
      "Chrome 131 on macOS 14.5",
      "Safari 18 on iOS 18.1",
      "Firefox 128 on Windows 10",
    ]);
    const mine = rowOf("Chrome 131 on macOS 14.5");
    expect(within(mine).getByText("This device")).toBeTruthy();
    expect(within(mine).getByText("Signed in March 1, 2026")).toBeTruthy();
    expect(within(mine).getByText("Last active just now")).toBeTruthy();
    expect(within(mine).queryByRole("button")).toBeNull();

    const other = rowOf("Safari 18 on iOS 18.1");
    expect(within(other).queryByText("This device")).toBeNull();
    expect(within(other).getByText("Signed in February 20, 2026")).toBeTruthy();
    expect(within(other).getByText("Last active 3 hours ago")).toBeTruthy();
    const signOut = within(other).getByRole("button", { name: "Sign out Safari 18 on iOS 18.1" });
    // The button's description says which session it is when two share a name.
    const described = signOut.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(described)?.textContent).toBe(
      "Signed in February 20, 2026Last active 3 hours ago",
    );
    expect(within(rowOf("Firefox 128")).getByText("Last active January 9, 2026")).toBeTruthy();

    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "E-mail",
      "Where you're signed in",
      "Password",
      "Two-factor authentication",
      "Passkeys",
      "Your data",
      "Notifications",
      "Notifications on this device",
      "Privacy",
      "Messages",
      "Reading",
      "Where you live, in search",
      "Account standing",
      "Blocked accounts",
      "Muted accounts",
      "Muted words",
      "Delete account",
    ]);
  });

  it("offers no Sign out when this is the only session", async () => {
    renderSettings(accountState());
    await within(sessionsSection()).findByText("This device");
    expect(within(sessionsSection()).queryByRole("button")).toBeNull();
  });

  it("signs one other session out: the list is read again and a toast says so", async () => {
    const firefox = makeSession({ lastSeenAt: hoursAgo(1) });
    const safari = makeSession({ browser: "Safari 18", system: "macOS 15.1" });
    const { calls, user } = renderSettings(accountState([firefox, safari]));

    await user.click(
      await screen.findByRole("button", { name: "Sign out Firefox 128 on Windows 10" }),
    );
    expect(await screen.findByText("Signed out of 1 session.")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(sessionsSection()).queryByText("Firefox 128 on Windows 10")).toBeNull();
    expect(within(sessionsSection()).getByText("Safari 18 on macOS 15.1")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      `/api/account/sessions/${firefox.id}`,
    ]);
    expect(calls.filter((c) => c.path === "/api/account/sessions")).toHaveLength(2);
    // The button that held the focus is gone; the focus stays in the section.
    expect(document.activeElement).toBe(
      within(sessionsSection()).getByRole("heading", { name: "Where you're signed in" }),
    );
  });

  it("says so when the session had already ended elsewhere, and drops it from the list", async () => {
    const gone = makeSession();
    const state = accountState([gone]);
    const { user } = renderSettings(state);
    const button = await screen.findByRole("button", {
      name: "Sign out Firefox 128 on Windows 10",
    });
    state.sessions = state.sessions.filter((session) => session !== gone);
    stubFetch(
      routes(({ method, path }) => {
        if (method === "DELETE" && path === `/api/account/sessions/${gone.id}`) {
          return apiError(404, "That session has already ended.");
        }
        return undefined;
      }, accountApi(state)),
    );

    await user.click(button);
    expect(await screen.findByText("That session has already ended.")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("signs out of all other sessions after a confirmation; Cancel changes nothing", async () => {
    const state = accountState([makeSession(), makeSession(), makeSession()]);
    const { calls, user } = renderSettings(state);
    const signOutOthers = await screen.findByRole("button", {
      name: "Sign out of all other sessions",
    });

    await user.click(signOutOthers);
    let dialog = screen.getByRole("alertdialog", { name: "Sign out of all other sessions?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(document.activeElement).toBe(signOutOthers);
    expect(calls.some((c) => c.path === "/api/account/sessions/sign-out-others")).toBe(false);
    expect(rows()).toHaveLength(4);

    await user.keyboard("{Enter}");
    dialog = screen.getByRole("alertdialog", { name: "Sign out of all other sessions?" });
    await user.click(within(dialog).getByRole("button", { name: "Sign out others" }));
    expect(await screen.findByText("Signed out of 3 other sessions.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0] as HTMLElement).getByText("This device")).toBeTruthy();
    expect(
      within(sessionsSection()).queryByRole("button", { name: "Sign out of all other sessions" }),
    ).toBeNull();
    expect(
      calls.filter(
        (c) => c.method === "POST" && c.path === "/api/account/sessions/sign-out-others",
      ),
    ).toHaveLength(1);
    expect(document.activeElement).toBe(
      within(sessionsSection()).getByRole("heading", { name: "Where you're signed in" }),
    );
  });

  it("shows loading, then a failure with Retry", async () => {
    let fail = true;
    stubFetch(
      routes(({ path }) => {
        if (path !== "/api/account/sessions") return undefined;
        return fail ? apiError(500, "Database down") : json({ items: accountState().sessions });
      }, safetyApi(safetyState())),
    );
    const { user } = renderWithRoutes([{ path: "/settings", element: <SettingsScreen /> }], {
      url: "/settings",
      viewer: ADA,
    });
    expect(within(sessionsSection()).getByRole("status").textContent).toBe("Loading...");
    expect((await within(sessionsSection()).findByRole("alert")).textContent).toBe(
      "Could not load where you're signed in.",
    );
    fail = false;
    await user.click(within(sessionsSection()).getByRole("button", { name: "Retry" }));
    expect(await within(sessionsSection()).findByText("This device")).toBeTruthy();
  });
});
