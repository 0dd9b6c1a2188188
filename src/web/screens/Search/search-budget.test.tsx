// The search page when the server refuses for the search budget (docs/search.md "Search
// budget"): the message shows where the results go, under the same filters, with nothing typed
// lost; past the last page of a search, the message shows under the results and 'Load more' goes.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchResult } from "../../../domain/contracts/search";
import { GRACE, json, type Route, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { SearchScreen } from "./search-screen";

const AVA = {
  userId: "p1",
  fullName: "Ava Lovelace",
  handle: "ava",
  username: null,
  profileImageUrl: null,
  verificationType: "none",
  veteran: false,
  about: null,
  state: "Vermont",
  city: null,
  age: 34,
  height: null,
  kids: null,
  following: false,
  distance: null,
} satisfies SearchResult;

const BUDGET_SPENT =
  "You have looked through a lot of search results. You can search again in 42 minutes.";
const LAST_PAGE =
  "Search shows the first 20 pages of results. Add a filter or change the text to see other people.";

function render(url: string, profiles: (query: URLSearchParams) => Response) {
  const route: Route = ({ method, path }) => {
    const at = new URL(path, "http://test");
    if (method === "GET" && at.pathname === "/api/search/recent") return json({ items: [AVA] });
    if (method === "GET" && at.pathname === "/api/search/profiles") {
      return profiles(at.searchParams);
    }
    return undefined;
  };
  stubFetch(route);
  return renderWithRoutes([{ path: "/search", element: <SearchScreen /> }], {
    url,
    viewer: GRACE,
  });
}

const results = () => screen.getByRole("region", { name: "Results" });
const select = (name: string) => screen.getByRole<HTMLSelectElement>("combobox", { name });
const searchBox = () =>
  screen.getByRole<HTMLInputElement>("searchbox", { name: "Name, username or about" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("SearchScreen and the search budget", () => {
  it("shows the budget's message where the results go, and keeps every filter typed", async () => {
    const { user } = render("/search", () =>
      json({ error: { code: "rate_limited", message: BUDGET_SPENT, retryAfter: 2520 } }, 429),
    );
    await user.type(searchBox(), "ava");
    await user.selectOptions(select("Gender"), "Female");
    await user.click(screen.getByRole("checkbox", { name: "Leo" }));
    await user.click(screen.getByRole("button", { name: "Search" }));

    const alert = await within(results()).findByRole("alert");
    expect(alert.textContent).toContain(BUDGET_SPENT);
    expect(within(results()).queryAllByRole("link")).toEqual([]);
    expect(searchBox().value).toBe("ava");
    expect(select("Gender").value).toBe("Female");
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Leo" }).checked).toBe(true);
  });

  it("past the last page of a search, says so under the results and offers no 'Load more'", async () => {
    const { user } = render("/search?state=Vermont", (query) =>
      query.get("cursor")
        ? json(
            {
              error: {
                code: "validation_error",
                message: LAST_PAGE,
                fields: { cursor: [LAST_PAGE] },
              },
            },
            400,
          )
        : json({ items: [AVA], nextCursor: "page-20", total: { count: 1000, capped: true } }),
    );
    await user.click(await within(results()).findByRole("button", { name: "Load more" }));

    const alert = await within(results()).findByRole("alert");
    expect(alert.textContent).toBe(LAST_PAGE);
    expect(within(results()).getByRole("link", { name: "Ava Lovelace" })).toBeTruthy();
    await waitFor(() =>
      expect(within(results()).queryByRole("button", { name: "Load more" })).toBeNull(),
    );
    expect(select("State").value).toBe("Vermont");
  });
});
