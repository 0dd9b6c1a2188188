import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../domain/contracts/auth";
import type { PersonResult } from "../../state/queries/search";
import { sessionKeys } from "../../state/queries/session";
import { HeaderSearch } from "./header-search";

const person = (over: Partial<PersonResult> & Pick<PersonResult, "userId" | "handle">) =>
  ({
    fullName: over.handle,
    username: null,
    profileImageUrl: null,
    verificationType: "none",
    veteran: false,
    following: false,
    ...over,
  }) satisfies PersonResult;

const ADA = person({
  userId: "u1",
  handle: "ada",
  fullName: "Ada Lovelace",
  verificationType: "yellow",
  veteran: true,
});
const ADAM = person({ userId: "u2", handle: "adam", fullName: "Adam Smith", following: true });
const ME = person({ userId: "me", handle: "adaline", fullName: "Adaline Me" });

const VIEWER: SessionUser = {
  id: "me",
  email: "adaline@example.com",
  fullName: "Adaline Me",
  handle: "adaline",
  profileImageUrl: null,
  verificationType: "none",
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const TAGS = [
  { name: "café", display: "Café", count: 12 },
  { name: "cats", display: "cats", count: 1 },
];

let fetchMock: ReturnType<typeof vi.fn>;
let people: PersonResult[];

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library ends each event with a setTimeout(0) that it advances only when it sees Jest's
  // fake timers: let it find Vitest's under that name.
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  people = [ADA, ADAM, ME];
  fetchMock = vi.fn(async (url: string) => {
    const q = new URL(url, "http://localhost").searchParams.get("q")?.toLowerCase() ?? "";
    if (url.startsWith("/api/tags/suggest")) {
      const typed = q.replace(/^#/, "");
      return json({ items: TAGS.filter((t) => t.name.startsWith(typed)) });
    }
    if (url.startsWith("/api/search/people")) {
      return json({ items: people.filter((p) => p.fullName.toLowerCase().includes(q)) });
    }
    // A result's Follow asks the status first: a list's flag cannot tell a waiting request.
    if (url.startsWith("/api/follows/status/")) return json({ following: false, state: "none" });
    if (url === "/api/follows/toggle") {
      return json({
        following: true,
        state: "following",
        counts: { friends: 0, following: 0, followers: 1 },
      });
    }
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function setup({ viewer = VIEWER }: { viewer?: SessionUser | null } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionKeys.current(), { user: viewer });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/home"]}>
        <HeaderSearch />
        <button type="button">Elsewhere</button>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const input = screen.getByRole("combobox", { name: "Search users" }) as HTMLInputElement;
  return { user, input, queryClient };
}

/** Lets the 200 ms debounce run out, then the stubbed answer arrive (the query cache tells its
 * observers on a zero-delay timer, which only starts once React has rendered the new query). */
async function settle(ms = 200) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
}

const searchCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/search/people"));
const where = () => screen.getByTestId("where").textContent;
const options = () => screen.getAllByRole("option");

describe("HeaderSearch", () => {
  it("is a labelled combobox with the spec's placeholder", () => {
    const { input } = setup();
    expect(input.getAttribute("placeholder")).toBe("Search users...");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-autocomplete")).toBe("list");
  });

  it("asks the server 200 ms after the last keystroke, once", async () => {
    const { user, input } = setup();
    await user.type(input, "ada");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(searchCalls()).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe("Searching…");
    await settle(1);
    expect(searchCalls()).toHaveLength(1);
    expect(String(searchCalls()[0]?.[0])).toBe("/api/search/people?q=ada");
  });

  it("shows the results with avatar, badges, @handle and Follow, but no Follow for oneself", async () => {
    const { user, input } = setup();
    await user.type(input, "ada");
    await settle();
    const panel = screen.getByRole("region", { name: "Search Results" });
    expect(within(panel).getByRole("button", { name: "Close" })).toBeTruthy();
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(options()).toHaveLength(3);
    const ada = options()[0] as HTMLElement;
    expect(within(ada).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(ada).getByText("@ada")).toBeTruthy();
    expect(within(ada).getByRole("img", { name: "Verified (yellow)" })).toBeTruthy();
    expect(within(ada).getByRole("img", { name: "Veteran" })).toBeTruthy();

    const follow = screen.getByRole("button", { name: "Follow Ada Lovelace" });
    expect(follow.getAttribute("aria-pressed")).toBe("false");
    const following = screen.getByRole("button", { name: "Following Adam Smith" });
    expect(following.getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("button", { name: /Adaline Me/ })).toBeNull();
  });

  it("says so when nobody matches", async () => {
    const { user, input } = setup();
    await user.type(input, "zyx");
    await settle();
    expect(screen.queryByRole("option")).toBeNull();
    expect(screen.getByText('No users found matching "zyx"')).toBeTruthy();
  });

  it("aborts the previous request when the text changes", async () => {
    let firstSignal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>(() => {
          firstSignal = init?.signal ?? undefined;
        }),
    );
    const { user, input } = setup();
    await user.type(input, "ad");
    await settle();
    expect(firstSignal?.aborted).toBe(false);
    await user.type(input, "a");
    await settle();
    expect(firstSignal?.aborted).toBe(true);
    expect(String(searchCalls()[1]?.[0])).toBe("/api/search/people?q=ada");
    expect(options()).toHaveLength(3);
  });

  it("treats a failed search as no results and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json({ error: { code: "internal", message: "boom" } }, 500));
    const { user, input } = setup();
    await user.type(input, "ada");
    await settle();
    expect(screen.getByText('No users found matching "ada"')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it("moves with the arrow keys and opens the profile with Enter", async () => {
    const { user, input } = setup();
    await user.type(input, "ada");
    await settle();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const second = options()[1] as HTMLElement;
    expect(input.getAttribute("aria-activedescendant")).toBe(second.id);
    expect(second.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(input.getAttribute("aria-activedescendant")).toBe((options()[2] as HTMLElement).id);
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(where()).toBe("/adam");
    expect(screen.queryByRole("region", { name: "Search Results" })).toBeNull();
    expect(input.value).toBe("");
  });

  it("opens a profile on click", async () => {
    const { user, input } = setup();
    await user.type(input, "ada");
    await settle();
    await user.click(screen.getByRole("option", { name: /Ada Lovelace/ }));
    expect(where()).toBe("/ada");
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("offers a fediverse handle's page first, opened with the keys or a click", async () => {
    const { user, input } = setup();
    await user.type(input, "@carol@social.example");
    const entry = "Find @carol@social.example on their server";
    expect(options()[0]?.textContent).toBe(entry);
    await settle();
    expect(options().map((option) => option.textContent)).toEqual([entry]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(where()).toBe("/@carol@social.example");
    expect(input.value).toBe("");
    await user.type(input, " carol@social.example ");
    await user.click(screen.getByRole("option", { name: entry }));
    expect(where()).toBe("/@carol@social.example");
  });

  it("closes on Escape keeping the focus in the box, and clears on a second Escape", async () => {
    const { user, input } = setup();
    await user.type(input, "ada");
    await settle();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Search Results" })).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe("ada");
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("region", { name: "Search Results" })).toBeTruthy();
    await user.tab(); // to the panel's Close button
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Search Results" })).toBeNull();
    expect(document.activeElement).toBe(input);
    await user.keyboard("{Escape}");
    expect(input.value).toBe("");
  });

  it("closes with the Close button and on a click outside", async () => {
    const { user, input } = setup();
    await user.type(input, "ada");
    await settle();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Search Results" })).toBeNull();
    await user.type(input, "{ArrowDown}");
    expect(screen.getByRole("region", { name: "Search Results" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("region", { name: "Search Results" })).toBeNull();
  });

  it("closes when the focus moves on past the panel", async () => {
    const { user, input } = setup();
    await user.type(input, "ad");
    await settle();
    await user.tab(); // Close
    await user.tab(); // Follow Ada Lovelace
    await user.tab(); // Following Adam Smith
    expect(screen.getByRole("region", { name: "Search Results" })).toBeTruthy();
    await user.tab(); // out: the page's next button
    expect(document.activeElement?.textContent).toBe("Elsewhere");
    expect(screen.queryByRole("region", { name: "Search Results" })).toBeNull();
  });

  it("follows from a result: the button flips at once", async () => {
    const { user, input } = setup();
    await user.type(input, "ada");
    await settle();
    await user.click(screen.getByRole("button", { name: "Follow Ada Lovelace" }));
    const button = screen.getByRole("button", { name: "Following Ada Lovelace" });
    expect(button.getAttribute("aria-pressed")).toBe("true");
    await settle(0);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/follows/toggle",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ targetUserId: "u1" }) }),
    );
    expect(screen.getByRole("region", { name: "Search Results" })).toBeTruthy();
  });

  it("searches signed out too, and Follow sends to sign up", async () => {
    people = people.map((p) => ({ ...p, following: false }));
    const { user, input } = setup({ viewer: null });
    await user.type(input, "ada");
    await settle();
    expect(options()).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Follow Adaline Me" }));
    expect(where()).toBe(`/signup?next=${encodeURIComponent("/home")}`);
  });

  it("offers the tags a typed # begins, with their post counts, and opens a tag's page", async () => {
    const { user, input } = setup();
    await user.type(input, "#ca");
    await settle();
    expect(options().map((o) => o.textContent)).toEqual(["#Café 12 posts", "#cats 1 post"]);
    const tagCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/tags/"));
    expect(tagCalls.map(([url]) => String(url))).toEqual([
      `/api/tags/suggest?q=${encodeURIComponent("#ca")}`,
    ]);
    // No Follow button beside a tag.
    expect(screen.queryByRole("button", { name: /Follow/ })).toBeNull();
    await user.keyboard("{ArrowDown}{Enter}");
    expect(where()).toBe(`/tags/${encodeURIComponent("café")}`);
  });

  it("asks for no tags when the text does not start with #", async () => {
    const { user, input } = setup();
    await user.type(input, "ca");
    await settle();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/tags/"))).toBe(false);
  });
});
