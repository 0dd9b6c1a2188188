// The search page's filter object (spec-2 §3) between its two homes: the URL, which holds what was
// searched (shareable, reloadable, Back), and the draft being edited in the panel. Local mode
// (spec-2 §4, §5) filters the newest profiles with the draft.
import type { CityItem } from "../../../domain/contracts/cities";
import type { SearchResult } from "../../../domain/contracts/search";
import { matchesLocally } from "../../../domain/local-search";
import { FILTER_KEYS } from "../../../domain/search-fields";
import {
  filtersToQuery,
  hasFilters,
  queryToFilterInput,
  type SearchFilters,
} from "../../../domain/search-filters";
import type { searchFiltersSchema } from "../../../domain/search-filters-schema";

type FiltersSchema = ReturnType<typeof searchFiltersSchema>;

/** The searched query string, known keys only in the spec's order; '' means local mode. */
export const canonicalQuery = (params: URLSearchParams): string =>
  filtersToQuery(queryToFilterInput(params)).toString();

/**
 * The filters a URL holds, for the panel. Each value is checked on its own: one the lists refuse
 * (a hand-typed `gender=Robot`) is left out, and the server's answer names it. Rules across
 * values (a range upside down) are the server's to report too, so those values stay as typed.
 */
export function draftFromQuery(schema: FiltersSchema, params: URLSearchParams): SearchFilters {
  const draft: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(queryToFilterInput(params))) {
    const parsed = schema.shape[key as keyof FiltersSchema["shape"]].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) draft[key] = parsed.data;
  }
  return draft as SearchFilters;
}

const trimmed = (text: string | undefined) => text?.trim() || undefined;

/** What pressing Search puts in the URL. Sorting by name is the default and left out, unless it
 * is all there is: `?sort=name` is the server search of everyone. */
export function queryFromDraft(draft: SearchFilters): string {
  const query = filtersToQuery({
    ...draft,
    q: trimmed(draft.q),
    militaryBase: trimmed(draft.militaryBase),
    university: trimmed(draft.university),
    sort: draft.sort === "name" ? undefined : draft.sort,
  }).toString();
  return query === "" ? "sort=name" : query;
}

/** How many filters are set, for the Filters button (the text and the order do not count). */
export const filterCount = (draft: SearchFilters): number =>
  FILTER_KEYS.filter((key) => key !== "q" && key !== "sort" && draft[key] !== undefined).length;

/** The city field's place for a 'City, ST' value, or null when the value is not one. */
export function placeOf(label: string | undefined): Pick<CityItem, "city" | "state"> | null {
  const match = label ? /^(.+), ([A-Z]{2})$/.exec(label) : null;
  return match ? { city: match[1] as string, state: match[2] as string } : null;
}

/** The draft asks for something: local mode shows results only then. */
export const draftIsActive = (draft: SearchFilters): boolean =>
  Boolean(draft.q?.trim()) || hasFilters(draft);

/** Local mode: the loaded profiles the draft matches, by name unless newest first is chosen. */
export function localMatches(profiles: SearchResult[], draft: SearchFilters): SearchResult[] {
  const kept = profiles.filter((profile) => matchesLocally(profile, draft));
  if (draft.sort === "newest") return kept;
  return kept.sort(
    (a, b) => a.fullName.localeCompare(b.fullName) || a.userId.localeCompare(b.userId),
  );
}
