// People search for the header box (spec-1 §2 "Header search box", §7 profiles search, §9: 200 ms
// debounce, show 15). The results live in the query cache so follow changes (the toggle, and
// realtime follow.changed) can flip their `following` flags in place — here and in the search
// page's entries (people-search.ts), which live under the same `searchKeys.all`. A newer query
// aborts the older request: the query function hands its AbortSignal to fetch.
import {
  keepPreviousData,
  type QueryClient,
  type QueryFilters,
  useQuery,
} from "@tanstack/react-query";
import type { z } from "zod";
import type { peopleSearchResponse } from "../../../domain/contracts/search";
import { PEOPLE_SEARCH_LIMIT } from "../../../domain/limits";
import { api } from "../../lib/api";
import { useDebouncedValue } from "../../lib/use-debounced-value";

export const PEOPLE_SEARCH_DEBOUNCE_MS = 200;
const SEARCH_STALE_MS = 30_000;

export type PeopleSearchResult = z.infer<typeof peopleSearchResponse>;
export type PersonResult = PeopleSearchResult["items"][number];

export const searchKeys = {
  all: ["search"] as const,
  people: () => [...searchKeys.all, "people"] as const,
  peopleQuery: (q: string) => [...searchKeys.people(), q] as const,
};

/** The search page's queries (people-search.ts). Here, not there, so the page data's seeding
 * (state/page-data.ts) does not bring the search page's filter fields into the first script. */
export const peopleSearchKeys = {
  all: [...searchKeys.all, "advanced"] as const,
  /** One search: the canonical query string of its filter object (spec-2 §3). */
  results: (query: string) => [...peopleSearchKeys.all, "results", query] as const,
  recent: () => [...peopleSearchKeys.all, "recent"] as const,
};

/** What is sent: trimmed and capped to the contract's 100 characters. */
export function normalizeSearchText(raw: string): string {
  return raw.trim().slice(0, 100);
}

export interface PeopleSearchState {
  /** The query the shown results belong to (debounced). */
  query: string;
  items: PersonResult[];
  /** Typing or fetching: the shown items may be about to change. */
  searching: boolean;
}

/** Searches `text` 200 ms after it stops changing; an empty text searches nothing. Failures count
 * as no results (spec-1 §8 silent behaviours) and are only logged. */
export function usePeopleSearch(text: string): PeopleSearchState {
  const wanted = normalizeSearchText(text);
  const settled = useDebouncedValue(wanted, PEOPLE_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: searchKeys.peopleQuery(settled),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<typeof peopleSearchResponse>(
          `/api/search/people?q=${encodeURIComponent(settled)}`,
          signal,
        );
      } catch (error) {
        if (!signal.aborted) console.error("People search failed", error);
        throw error;
      }
    },
    enabled: settled !== "",
    staleTime: SEARCH_STALE_MS,
    retry: false,
    // Keep showing the last answer while the next one is on its way, instead of flashing.
    placeholderData: keepPreviousData,
  });
  const items =
    settled === "" || query.isError ? [] : (query.data?.items ?? []).slice(0, PEOPLE_SEARCH_LIMIT);
  return {
    query: settled,
    items,
    searching:
      wanted !== settled || (settled !== "" && (query.isPending || query.isPlaceholderData)),
  };
}

interface FlaggedPerson {
  userId: string;
  following: boolean;
}
/** A cached search answer: one list of people, or the pages of a paged one (the search page). */
type CachedPeople = { items: FlaggedPerson[] } | { pages: { items: FlaggedPerson[] }[] };

const peopleIn = (data: CachedPeople): FlaggedPerson[] =>
  "pages" in data ? data.pages.flatMap((page) => page.items) : data.items;

const lists = (data: unknown, userId: string, unless?: boolean) =>
  data !== undefined &&
  peopleIn(data as CachedPeople).some(
    (item) => item.userId === userId && item.following !== unless,
  );

/** The cached search answers that list `userId` (they all have data). */
export const searchResultsListing = (userId: string): QueryFilters => ({
  queryKey: searchKeys.all,
  predicate: (query) => lists(query.state.data, userId),
});

/** Sets the `following` flag of one person in every cached search answer that lists them. */
export function setFollowingInSearchResults(
  queryClient: QueryClient,
  userId: string,
  following: boolean,
): void {
  const flip = <T extends FlaggedPerson>(items: T[]): T[] =>
    items.map((item) => (item.userId === userId ? { ...item, following } : item));
  queryClient.setQueriesData<CachedPeople>(
    {
      queryKey: searchKeys.all,
      // Only answers whose flag actually changes, so no other entry looks freshly fetched.
      predicate: (query) => lists(query.state.data, userId, following),
    },
    (cached) =>
      cached &&
      ("pages" in cached
        ? { ...cached, pages: cached.pages.map((page) => ({ ...page, items: flip(page.items) })) }
        : { ...cached, items: flip(cached.items) }),
  );
}
