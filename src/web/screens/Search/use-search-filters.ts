// The search page's filters (spec-2 §3, §4): the searched filter object lives in the URL query
// string, so a search can be shared, reloaded and returned to with Back; the panel edits a draft
// that follows the URL whenever the URL changes. Search writes the draft into the URL (the server
// search, 'enhanced'); Clear Filters empties both and returns to local mode.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { SearchFilters } from "../../../domain/search-filters";
import { canonicalQuery, draftFromQuery, queryFromDraft } from "./search-draft";

export type FilterPatch = Partial<SearchFilters>;

/** The place and option lists, and the filter schema made of them (zod comes with it). */
async function loadFilterLists() {
  const [{ loadProfileLists }, { searchFiltersSchema }] = await Promise.all([
    import("../../../domain/enums/profile-options"),
    import("../../../domain/search-filters-schema"),
  ]);
  const lists = await loadProfileLists();
  return { lists, schema: searchFiltersSchema(lists) };
}

/** `panelShown`: the filter panel has been opened. The place lists (3,143 counties among them) and
 * the schema are loaded for it, or to read a search in the URL, not before (docs/performance.md
 * "Lighthouse"). */
export function useSearchFilters(panelShown: boolean) {
  const [params, setParams] = useSearchParams();
  const searched = canonicalQuery(params);
  const lists = useQuery({
    queryKey: ["profile-options", "search-filters"],
    queryFn: loadFilterLists,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    enabled: panelShown || searched !== "",
  });
  const schema = lists.data?.schema;
  const [draft, setDraft] = useState<SearchFilters>({});
  /** The URL the draft was last taken from ('' needs nothing: the draft starts empty). */
  const [synced, setSynced] = useState(searched === "" ? "" : null);
  /** Bumped by Clear Filters: the fields start afresh, typed but unchosen text included. */
  const [generation, setGeneration] = useState(0);

  if (synced !== searched && (searched === "" || schema)) {
    setSynced(searched);
    setDraft(searched === "" || !schema ? {} : draftFromQuery(schema, params));
  }

  return {
    lists,
    /** The URL's search, or null in local mode. */
    searched: searched === "" ? null : searched,
    /** The text the shown results were searched with. */
    searchedText: new URLSearchParams(searched).get("q") ?? "",
    draft,
    generation,
    change: (patch: FilterPatch) => setDraft((current) => ({ ...current, ...patch })),
    /** Puts the draft in the URL; false when that search is already the URL's. */
    search: (): boolean => {
      const next = queryFromDraft(draft);
      if (next === searched) return false;
      setParams(new URLSearchParams(next));
      return true;
    },
    clear: () => {
      setDraft({});
      setGeneration((n) => n + 1);
      if (searched !== "") setParams(new URLSearchParams());
    },
  };
}

export type SearchFiltersState = ReturnType<typeof useSearchFilters>;
