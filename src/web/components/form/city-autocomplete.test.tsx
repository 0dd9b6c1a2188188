import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CityItem } from "../../../domain/contracts/cities";
import { CITY_HINT, CITY_INVALID, CityAutocomplete } from "./city-autocomplete";

const SPRINGFIELD_IL: CityItem = {
  city: "Springfield",
  state: "IL",
  county: "Sangamon County",
  lat: 39.7817,
  lng: -89.6501,
};
const SPRINGFIELD_MO: CityItem = {
  city: "Springfield",
  state: "MO",
  county: "Greene County",
  lat: 37.2153,
  lng: -93.2982,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library ends each event with a setTimeout(0) that it advances only when it sees Jest's
  // fake timers: let it find Vitest's under that name.
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  fetchMock = vi.fn(async () => json({ items: [SPRINGFIELD_IL, SPRINGFIELD_MO] }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Each test starts with an empty query cache. */
const withCache = (ui: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
);

function setup(props: { required?: boolean } = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    withCache(
      <>
        <CityAutocomplete label="City" value={null} onChange={onChange} {...props} />
        <button type="button">Elsewhere</button>
      </>,
    ),
  );
  const input = screen.getByRole("combobox", { name: "City" }) as HTMLInputElement;
  return { user, onChange, input };
}

/** A form that owns the chosen city and can reset it, as the search page's Clear Filters does. */
function Harness() {
  const [city, setCity] = useState<CityItem | null>(SPRINGFIELD_IL);
  return (
    <>
      <CityAutocomplete label="City" value={city} onChange={setCity} />
      <button type="button" onClick={() => setCity(null)}>
        Clear Filters
      </button>
    </>
  );
}

/** Lets the debounce run out, then the stubbed answer arrive (the query cache tells its observers
 * on a zero-delay timer, which only starts once the answer is in). */
async function settle(ms = 220) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
}

const requestedUrl = (call = 0) => String(fetchMock.mock.calls[call]?.[0]);

describe("CityAutocomplete", () => {
  it("is a labelled combobox with the hint", () => {
    const { input } = setup();
    expect(input.getAttribute("placeholder")).toBe(CITY_HINT);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-autocomplete")).toBe("list");
  });

  it("waits 220 ms after the last keystroke before asking the server", async () => {
    const { user, input } = setup();
    await user.type(input, "spr");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(219);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await settle(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestedUrl()).toBe("/api/city-search?q=spr");
    expect(screen.getAllByRole("option")).toHaveLength(2);
    expect(input.getAttribute("aria-expanded")).toBe("true");
  });

  it("needs two characters", async () => {
    const { user, input } = setup();
    await user.type(input, " s ");
    await settle(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input, "p");
    await settle();
    expect(requestedUrl()).toBe("/api/city-search?q=s%20p");
  });

  it("reports the chosen place with its coordinates, by click", async () => {
    const { user, input, onChange } = setup();
    await user.type(input, "springf");
    await settle();
    await user.click(screen.getByRole("option", { name: /Springfield, MO/ }));
    expect(onChange).toHaveBeenLastCalledWith(SPRINGFIELD_MO);
    expect(input.value).toBe("Springfield, MO");
    expect(screen.queryByRole("option")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByText(CITY_INVALID)).toBeNull();
  });

  it("moves with the arrow keys, chooses with Enter and closes with Escape", async () => {
    const { user, input, onChange } = setup();
    await user.type(input, "springf");
    await settle();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const second = screen.getAllByRole("option")[1] as HTMLElement;
    expect(input.getAttribute("aria-activedescendant")).toBe(second.id);
    expect(second.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Escape}");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(SPRINGFIELD_IL);
    expect(input.value).toBe("Springfield, IL");
  });

  it("reports null when the chosen place is edited away", async () => {
    const { user, input, onChange } = setup();
    await user.type(input, "springf");
    await settle();
    await user.keyboard("{ArrowDown}{Enter}");
    await user.type(input, "{Backspace}");
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("says the text is not a valid city when the field is left without a choice", async () => {
    const { user, input, onChange } = setup();
    await user.type(input, "Nowhereville");
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.getByRole("alert").textContent).toBe(CITY_INVALID);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("lets an optional field be left empty", async () => {
    const optional = setup();
    await optional.user.click(optional.input);
    await optional.user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks for a city when a required field is left empty", async () => {
    const { user, input } = setup({ required: true });
    await user.click(input);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.getByRole("alert").textContent).toBe(CITY_INVALID);
  });

  it("aborts the previous request and ignores its late answer", async () => {
    let first: { resolve: (r: Response) => void; signal: AbortSignal | undefined } | undefined;
    fetchMock.mockImplementationOnce(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          first = { resolve, signal: init?.signal ?? undefined };
        }),
    );
    const { user, input } = setup();
    await user.type(input, "sp");
    await settle();
    expect(first?.signal?.aborted).toBe(false);
    await user.type(input, "r");
    expect(first?.signal?.aborted).toBe(true);
    await settle();
    expect(requestedUrl(1)).toBe("/api/city-search?q=spr");
    first?.resolve(json({ items: [{ ...SPRINGFIELD_IL, city: "Stale" }] }));
    await settle(0);
    expect(screen.queryByRole("option", { name: /Stale/ })).toBeNull();
    expect(screen.getAllByRole("option")).toHaveLength(2);
  });

  it("shows 'Lookup failed (status)' when the server refuses", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: "internal_error", message: "Something went wrong" } }, 503),
    );
    const { user, input } = setup();
    await user.type(input, "spr");
    await settle();
    expect(screen.getByRole("alert").textContent).toBe("Lookup failed (503)");
  });

  it("shows 'Lookup error' when the network fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { user, input } = setup();
    await user.type(input, "spr");
    await settle();
    expect(screen.getByRole("alert").textContent).toBe("Lookup error");
  });

  it("shows a chosen place passed in, and empties when it is cleared from outside", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(withCache(<Harness />));
    const input = screen.getByRole("combobox", { name: "City" }) as HTMLInputElement;
    expect(input.value).toBe("Springfield, IL");
    await user.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(input.value).toBe("");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
