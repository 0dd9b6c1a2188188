// The search page's data (spec-2 §2 "Search page", §4 local vs enhanced, §7 select for search,
// §9 page size 60): the server ('enhanced') search, paged by cursor, and the newest profiles that
// local mode filters in the browser. Both sit under `searchKeys.all`, so the Follow button and
// realtime follow.changed flip their `following` flags in place (search.ts).
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { recentProfilesResponse, searchResultsPage } from "../../../domain/contracts/search";
import { SEARCH_PAGE_SIZE } from "../../../domain/search-filters";
import { api } from "../../lib/api";
import { peopleSearchKeys } from "./search";

/** Back to a search within this time shows its results without asking again. */
const RESULTS_STALE_MS = 60_000;

/** The pages of the search `query` (a filter query string); idle while `query` is null. A bad
 * value is the server's 400, which names it: nothing is retried. */
export function useSearchResultsQuery(query: string | null) {
  return useInfiniteQuery({
    queryKey: peopleSearchKeys.results(query ?? ""),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query ?? "");
      params.set("limit", String(SEARCH_PAGE_SIZE));
      if (pageParam) params.set("cursor", pageParam);
      return api.get<typeof searchResultsPage>(`/api/search/profiles?${params}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: query !== null,
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });
}

/** The newest profiles, which local mode filters. */
export function useRecentProfilesQuery() {
  return useQuery({
    queryKey: peopleSearchKeys.recent(),
    queryFn: ({ signal }) => api.get<typeof recentProfilesResponse>("/api/search/recent", signal),
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });
}
