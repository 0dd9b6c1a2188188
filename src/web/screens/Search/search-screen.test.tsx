import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchResult } from "../../../domain/contracts/search";
import { GRACE, json, type Route, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { SearchScreen } from "./search-screen";

const person = (over: Partial<SearchResult> & Pick<SearchResult, "userId" | "fullName">) =>
  ({
    handle: over.fullName.split(" ")[0]?.toLowerCase() ?? "someone",
    username: null,
    profileImageUrl: null,
    verificationType: "none",
    veteran: false,
    about: null,
    state: null,
    city: null,
    age: null,
    height: null,
    kids: null,
    following: false,
    distance: null,
    ...over,
  }) satisfies SearchResult;

const AVA = person({
  userId: "p1",
  fullName: "Ava Lovelace",
  state: "Vermont",
  city: "Burlington, VT",
  age: 34,
});
const DAN = person({ userId: "p2", fullName: "Dan Vermont", state: "Vermont", age: 38 });
const NOAGE = person({ userId: "p3", fullName: "Noor Unknown", about: "Loves lovely things" });
const OLD = person({ userId: "p4", fullName: "Otto Older", age: 70 });

const page = (items: SearchResult[], nextCursor: string | null = null, count = items.length) => ({
  items,
  nextCursor,
  total: { count, capped: false },
});

/** Answers the search page's calls; `profiles` answers GET /api/search/profiles by its query. */
function searchApi(profiles: (query: URLSearchParams) => Response | undefined): Route {
  return ({ method, path }) => {
    const url = new URL(path, "http://test");
    if (method === "GET" && url.pathname === "/api/search/recent") {
      return json({ items: [AVA, DAN, NOAGE, OLD] });
    }
    if (method === "GET" && url.pathname === "/api/search/profiles") {
      return profiles(url.searchParams);
    }
    // A card's Follow asks the status first: a list's flag cannot tell a waiting request.
    if (method === "GET" && path.startsWith("/api/follows/status/")) {
      return json({ following: false, state: "none" });
    }
    if (method === "POST" && path === "/api/follows/toggle") {
      return json({
        following: true,
        state: "following",
        counts: { friends: 0, following: 0, followers: 1 },
      });
    }
    return undefined;
  };
}

function renderSearch(url: string, route: Route) {
  const calls = stubFetch(route);
  const rendered = renderWithRoutes(
    [
      { path: "/search", element: <SearchScreen /> },
      { path: "/:handle", element: <p>Profile screen</p> },
    ],
    { url, viewer: GRACE },
  );
  const searches = () =>
    calls.filter((call) => call.path.startsWith("/api/search/profiles")).map((call) => call.path);
  return { ...rendered, calls, searches };
}

const results = () => screen.getByRole("region", { name: "Results" });
const status = () => within(results()).getByRole("status");
const names = () =>
  within(results())
    .queryAllByRole("link")
    .map((link) => link.textContent);
const select = (name: string) => screen.getByRole<HTMLSelectElement>("combobox", { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("SearchScreen", () => {
  it("opens a search from its URL: the server's results, the filters shown in the panel", async () => {
    const { searches } = renderSearch(
      "/search?state=Vermont&ageMin=30&ageMax=40",
      searchApi(() => json(page([AVA, DAN]))),
    );

    expect(await within(results()).findByText("Found 2 user(s)")).toBeTruthy();
    expect(status().textContent).toContain("Enhanced Search");
    expect(names()).toEqual(["Ava Lovelace", "Dan Vermont"]);
    expect(within(results()).getByText("Burlington, VT · Age 34")).toBeTruthy();
    expect(searches()).toEqual(["/api/search/profiles?state=Vermont&ageMin=30&ageMax=40&limit=60"]);

    await waitFor(() => expect(select("State").value).toBe("Vermont"));
    expect(select("Min age").value).toBe("30");
    expect(select("Max age").value).toBe("40");
    expect(
      screen.getByRole("button", { name: "Filters (3 set)" }).getAttribute("aria-expanded"),
    ).toBe("true");
  });

  it('shows how far as a band, never miles, and offers only the fixed radii (docs/search.md "Distance")', async () => {
    renderSearch(
      "/search?city=Burlington%2C+VT&withinMiles=25&sort=distance",
      searchApi(() => json(page([{ ...AVA, distance: "10-25" }]))),
    );
    expect(
      await within(results()).findByText("Burlington, VT · Age 34 · 10–25 mi away"),
    ).toBeTruthy();
    await waitFor(() => expect(select("Within").value).toBe("25"));
    expect([...select("Within").options].map((option) => option.textContent)).toEqual([
      expect.any(String),
      "10 miles",
      "25 miles",
      "50 miles",
      "100 miles",
      "250 miles",
      "500 miles",
    ]);
  });

  it("on a phone, draws the closed filter panel's fields only once it opens", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { user } = renderSearch(
      "/search",
      searchApi(() => json(page([]))),
    );
    const filters = screen.getByRole("button", { name: "Filters" });
    expect(filters.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("combobox", { name: "Gender", hidden: true })).toBeNull();
    await user.click(filters);
    expect(filters.getAttribute("aria-expanded")).toBe("true");
    expect(select("Gender")).toBeTruthy();
    await waitFor(() => expect(select("State").options.length).toBeGreaterThan(50));
  });

  it("puts the filters in the URL on Search, and Back from a profile finds them again", async () => {
    const { user, router, searches } = renderSearch(
      "/search",
      searchApi((query) =>
        json(query.get("gender") === "Female" ? page([AVA]) : page([AVA, DAN, OLD])),
      ),
    );
    await user.type(screen.getByRole("searchbox", { name: "Name, username or about" }), "ava");
    await user.selectOptions(select("Gender"), "Female");
    await user.selectOptions(select("Max height"), "5'10\"");
    await user.click(screen.getByRole("checkbox", { name: "Leo" }));
    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(router.state.location.search).toBe("?q=ava&gender=Female&heightMax=70&zodiac=Leo");
    expect(await within(results()).findByText("Found 1 user(s)")).toBeTruthy();
    expect(status().textContent).toContain("for “ava”");
    expect(status().textContent).toContain("Enhanced Search");

    await user.click(within(results()).getByRole("link", { name: "Ava Lovelace" }));
    expect(await screen.findByText("Profile screen")).toBeTruthy();
    await router.navigate(-1);
    await screen.findByRole("region", { name: "Results" });

    expect(await within(results()).findByText("Found 1 user(s)")).toBeTruthy();
    expect(names()).toEqual(["Ava Lovelace"]);
    expect(
      screen.getByRole<HTMLInputElement>("searchbox", { name: "Name, username or about" }).value,
    ).toBe("ava");
    expect(select("Gender").value).toBe("Female");
    expect(select("Max height").value).toBe("70");
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Leo" }).checked).toBe(true);
    // Back within a minute shows the answer already had.
    expect(searches()).toHaveLength(1);
  });

  it("filters the newest profiles in the browser as the person types, before Search", async () => {
    const { user, searches } = renderSearch(
      "/search",
      searchApi(() => undefined),
    );
    expect(within(results()).queryByRole("status")).toBeNull();

    await user.type(screen.getByRole("searchbox", { name: "Name, username or about" }), "LOVE");
    // Full name (Ava Lovelace) or about (Noor: 'Loves lovely things'), in name order.
    expect(await within(results()).findByText("Found 2 user(s)")).toBeTruthy();
    expect(names()).toEqual(["Ava Lovelace", "Noor Unknown"]);
    expect(status().textContent).not.toContain("Enhanced Search");

    // An age range keeps the people whose age is unknown (spec-2 §5).
    await user.clear(screen.getByRole("searchbox", { name: "Name, username or about" }));
    await user.selectOptions(select("Min age"), "36");
    expect(await within(results()).findByText("Found 3 user(s)")).toBeTruthy();
    expect(names()).toEqual(["Dan Vermont", "Noor Unknown", "Otto Older"]);
    expect(searches()).toEqual([]);
  });

  it("Clear Filters empties every filter and the text, hides the results and goes back to local mode", async () => {
    const { user, router } = renderSearch(
      "/search?q=ava&state=Vermont&zodiac=Leo",
      searchApi(() => json(page([AVA]))),
    );
    expect(await within(results()).findByText("Found 1 user(s)")).toBeTruthy();
    await waitFor(() => expect(select("State").value).toBe("Vermont"));

    await user.click(screen.getByRole("button", { name: "Clear Filters" }));

    expect(router.state.location.search).toBe("");
    expect(
      screen.getByRole<HTMLInputElement>("searchbox", { name: "Name, username or about" }).value,
    ).toBe("");
    expect(select("State").value).toBe("");
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Leo" }).checked).toBe(false);
    expect(within(results()).queryByRole("status")).toBeNull();
    expect(names()).toEqual([]);
  });

  it("shows the service's message for a refused value, naming the filter, and no results", async () => {
    renderSearch(
      "/search?gender=Robot",
      searchApi(() =>
        json(
          {
            error: {
              code: "validation_error",
              message: "Please choose a value from the list.",
              fields: { gender: ["Please choose a value from the list."] },
            },
          },
          400,
        ),
      ),
    );
    const alert = await within(results()).findByRole("alert");
    expect(alert.textContent).toContain("Please choose a value from the list.");
    expect(alert.textContent).toContain("Gender: Please choose a value from the list.");
    expect(within(alert).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(names()).toEqual([]);
    // The refused value is not put in the panel.
    await waitFor(() => expect(select("State").disabled).toBe(false));
    expect(select("Gender").value).toBe("");
  });

  it("says 'Search failed' when the service gives no message, and Retry asks again", async () => {
    let fail = true;
    const { user } = renderSearch(
      "/search?state=Vermont",
      searchApi(() => (fail ? new Response("", { status: 502 }) : json(page([DAN])))),
    );
    const alert = await within(results()).findByRole("alert");
    expect(alert.textContent).toContain("Search failed");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await within(results()).findByText("Found 1 user(s)")).toBeTruthy();
  });

  it("pages on with 'Load more' through the cursor", async () => {
    const { user, searches } = renderSearch(
      "/search?state=Vermont",
      searchApi((query) =>
        json(query.get("cursor") === "c1" ? { ...page([DAN]), total: null } : page([AVA], "c1", 2)),
      ),
    );
    expect(await within(results()).findByText("Found 2 user(s)")).toBeTruthy();
    expect(names()).toEqual(["Ava Lovelace"]);

    await user.click(within(results()).getByRole("button", { name: "Load more" }));

    await waitFor(() => expect(names()).toEqual(["Ava Lovelace", "Dan Vermont"]));
    expect(within(results()).queryByRole("button", { name: "Load more" })).toBeNull();
    expect(searches()[1]).toBe("/api/search/profiles?state=Vermont&limit=60&cursor=c1");
  });

  it("follows someone from their card, and the card stays 'Following'", async () => {
    const { user } = renderSearch(
      "/search?state=Vermont",
      searchApi(() => json(page([AVA]))),
    );
    await user.click(await within(results()).findByRole("button", { name: "Follow Ava Lovelace" }));
    const following = within(results()).getByRole("button", { name: "Following Ava Lovelace" });
    expect(following.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(following.getAttribute("aria-disabled")).toBeNull());
  });

  it("says how many at most when the count is capped", async () => {
    renderSearch(
      "/search?sort=newest",
      searchApi(() => json({ ...page([AVA]), total: { count: 1000, capped: true } })),
    );
    expect(await within(results()).findByText("Found 1,000+ users")).toBeTruthy();
  });
});
