import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { accountApi, accountState } from "../../test-support/account";
import {
  ADA,
  apiError,
  GRACE,
  json,
  type Route,
  renderWithRoutes,
  stubFetch,
} from "../../test-support/posts";
import { routes, safetyApi, safetyState } from "../../test-support/safety";
import { SettingsScreen } from "./settings-screen";

const person = (n: number): PersonSummary => ({
  ...GRACE,
  userId: `p${n}`,
  fullName: `Person ${n}`,
  handle: `person${n}`,
  username: `person${n}`,
});

/** The account sections' API, so their requests are answered too. */
const withAccount = (route: Route) => routes(accountApi(accountState()), route);

function renderSettings() {
  return renderWithRoutes([{ path: "/settings", element: <SettingsScreen /> }], {
    url: "/settings",
    viewer: ADA,
  });
}

const section = (name: string) => screen.getByRole("region", { name });

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings", () => {
  it("says so when nobody is blocked or muted", async () => {
    stubFetch(withAccount(safetyApi(safetyState())));
    renderSettings();
    expect(await screen.findByText("You have not blocked anyone.")).toBeTruthy();
    expect(await screen.findByText("You have not muted anyone.")).toBeTruthy();
    expect(document.title).toBe("Settings · chtcht");
  });

  it("says what search's distance answers tell others of where one lives, and where to hide the city", async () => {
    stubFetch(withAccount(safetyApi(safetyState())));
    renderSettings();
    const location = within(section("Where you live, in search"));
    expect(
      location.getByText(/only as a band \(under 10, 10–25, 25–50, 50–100 or 100\+ miles\)/),
    ).toBeTruthy();
    expect(location.getByText(/measured from the middle of your county/)).toBeTruthy();
    const link = await location.findByRole("link", { name: "Edit Profile" });
    expect(link.getAttribute("href")).toBe(`/${ADA.handle}/edit-profile`);
  });

  it("lists the blocked and muted people with the date, and Unblock takes one out", async () => {
    const state = safetyState([GRACE, person(1)]);
    state.blocks.set(GRACE.userId, GRACE);
    state.mutes.set("p1", person(1));
    const calls = stubFetch(withAccount(safetyApi(state)));
    const { user } = renderSettings();

    const blockedList = section("Blocked accounts");
    await within(blockedList).findByText("Grace Hopper");
    expect(within(blockedList).getByText("@grace", { ignore: ".sr-only" })).toBeTruthy();
    expect(within(blockedList).getByText("Blocked March 14, 2026")).toBeTruthy();
    const mutedList = section("Muted accounts");
    expect(await within(mutedList).findByText("Person 1")).toBeTruthy();
    expect(within(mutedList).getByText("Muted March 14, 2026")).toBeTruthy();

    await user.click(within(blockedList).getByRole("button", { name: "Unblock @grace" }));
    expect(await screen.findByText("Unblocked @grace")).toBeTruthy();
    expect(await within(blockedList).findByText("You have not blocked anyone.")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/safety/blocks/u2")).toBe(
      true,
    );
    // The focus stays in the section whose row went away.
    expect(document.activeElement).toBe(
      within(blockedList).getByRole("heading", { name: "Blocked accounts" }),
    );

    await user.click(within(mutedList).getByRole("button", { name: "Unmute @person1" }));
    expect(await within(mutedList).findByText("You have not muted anyone.")).toBeTruthy();
  });

  it("loads more people page by page", async () => {
    const calls = stubFetch(
      routes(
        ({ path }) => {
          if (path === "/api/safety/blocks") {
            return json({
              items: [{ person: person(1), since: "2026-03-14T12:00:00Z" }],
              nextCursor: "c2",
            });
          }
          if (path === "/api/safety/blocks?cursor=c2") {
            return json({
              items: [{ person: person(2), since: "2026-03-10T12:00:00Z" }],
              nextCursor: null,
            });
          }
          return undefined;
        },
        withAccount(safetyApi(safetyState())),
      ),
    );
    const { user } = renderSettings();
    const blockedList = section("Blocked accounts");
    expect(await within(blockedList).findByText("Person 1")).toBeTruthy();
    await user.click(within(blockedList).getByRole("button", { name: "Load more" }));
    expect(await within(blockedList).findByText("Person 2")).toBeTruthy();
    expect(within(blockedList).queryByRole("button", { name: "Load more" })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith("/api/safety/blocks"))).toHaveLength(2);
  });

  it("shows loading, then a failure with Retry", async () => {
    let fail = true;
    stubFetch(
      routes(
        ({ path }) => {
          if (path !== "/api/safety/mutes") return undefined;
          return fail ? apiError(500, "Database down") : json({ items: [], nextCursor: null });
        },
        withAccount(safetyApi(safetyState())),
      ),
    );
    const { user } = renderSettings();
    expect(within(section("Muted accounts")).getByRole("status").textContent).toBe("Loading...");
    const mutedList = section("Muted accounts");
    expect((await within(mutedList).findByRole("alert")).textContent).toBe(
      "Could not load the people you muted.",
    );
    fail = false;
    await user.click(within(mutedList).getByRole("button", { name: "Retry" }));
    await waitFor(() =>
      expect(within(mutedList).getByText("You have not muted anyone.")).toBeTruthy(),
    );
  });
});
