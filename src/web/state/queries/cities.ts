// US city suggestions for the city field (spec-2 §2 city filter and profile city, §7 "US city
// autocomplete"): asked 220 ms after the last keystroke and only from 2 characters. Every text is
// its own query whose function first waits out the pause: a newer keystroke moves the field to
// another query, and TanStack Query aborts the older one through its AbortSignal (its wait, or
// its request), so a late answer never replaces a newer one.
import { useQuery } from "@tanstack/react-query";
import type { CityItem, citySearchResponse } from "../../../domain/contracts/cities";
import { CITY_QUERY_MAX, CITY_QUERY_MIN_SEARCH } from "../../../domain/limits";
import { ApiRequestError, api } from "../../lib/api";

export const CITY_LOOKUP_DEBOUNCE_MS = 220;

export const cityKeys = {
  all: ["cities"] as const,
  suggestions: (q: string) => [...cityKeys.all, "suggestions", q] as const,
};

export type CitySuggestions =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "done"; items: CityItem[] }
  | { state: "error"; message: string };

/** spec-1 §8: 'Lookup failed ({status})' when the server answered, else 'Lookup error'. */
function lookupMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400
    ? `Lookup failed (${error.status})`
    : "Lookup error";
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Suggestions for `text` (null: nothing to look up, e.g. right after a choice). */
export function useCitySuggestionsQuery(text: string | null): CitySuggestions {
  const q = text?.trim().slice(0, CITY_QUERY_MAX) ?? "";
  const enabled = q.length >= CITY_QUERY_MIN_SEARCH;
  const query = useQuery({
    queryKey: cityKeys.suggestions(q),
    queryFn: async ({ signal }) => {
      await pause(CITY_LOOKUP_DEBOUNCE_MS, signal);
      return (
        await api.get<typeof citySearchResponse>(
          `/api/city-search?q=${encodeURIComponent(q)}`,
          signal,
        )
      ).items;
    },
    enabled,
    retry: false,
    // The list of cities does not change while the app runs.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!enabled) return { state: "idle" };
  if (query.isError) return { state: "error", message: lookupMessage(query.error) };
  if (query.isSuccess) return { state: "done", items: query.data };
  return { state: "loading" };
}
