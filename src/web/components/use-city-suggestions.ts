// Suggestions for the city autocomplete: waits 220 ms after the last keystroke, asks only from 2
// characters, and aborts the previous request so a late answer never replaces a newer one.
import { useEffect, useRef, useState } from "react";
import {
  CITY_QUERY_MAX,
  CITY_QUERY_MIN_SEARCH,
  type CityItem,
  citySearchResponse,
} from "../../domain/contracts/cities";
import { ApiRequestError, api } from "../lib/api";

export const CITY_LOOKUP_DEBOUNCE_MS = 220;

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

/** Looks up `query` (null: nothing to look up, e.g. right after a choice). */
export function useCitySuggestions(query: string | null): CitySuggestions {
  const [result, setResult] = useState<CitySuggestions>({ state: "idle" });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    inFlight.current?.abort();
    const q = query?.trim().slice(0, CITY_QUERY_MAX) ?? "";
    if (q.length < CITY_QUERY_MIN_SEARCH) {
      setResult({ state: "idle" });
      return;
    }
    const timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      setResult({ state: "loading" });
      api
        .get(`/api/city-search?q=${encodeURIComponent(q)}`, citySearchResponse, controller.signal)
        .then(
          ({ items }) => {
            if (!controller.signal.aborted) setResult({ state: "done", items });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) {
              setResult({ state: "error", message: lookupMessage(error) });
            }
          },
        );
    }, CITY_LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => () => inFlight.current?.abort(), []);
  return result;
}
