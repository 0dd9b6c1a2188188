// The advanced search's filter object (spec-2 §3 "Search filter object", §5 ranges, §9 page size),
// under the spec's names in the URL and in the API, validated by one schema on both sides
// (search-filters-schema.ts). Lists (zodiac, race) may be repeated or comma-separated. Beyond the
// spec: `withinMiles` of the chosen city, and the sort order.
import type { z } from "zod";
import type { searchFiltersSchema } from "./search-filters-schema";

export const SEARCH_PAGE_SIZE = 60;
export const DISTANCE_MIN_MILES = 5;
export const DISTANCE_MAX_MILES = 500;
export const SEARCH_SORTS = ["name", "distance", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** 'Found N user(s)' counts exactly up to this many, then says '1,000+'. */
export const SEARCH_COUNT_CAP = 1000;

/** Every key the filter object may hold, in the order the URL writes them. */
export const FILTER_KEYS = [
  "q",
  "country",
  "state",
  "county",
  "city",
  "withinMiles",
  "ageMin",
  "ageMax",
  "gender",
  "relationshipStatus",
  "bodyType",
  "sexuality",
  "heightMin",
  "heightMax",
  "zodiac",
  "race",
  "militaryBranch",
  "militaryBase",
  "university",
  "hbcu",
  "occupation",
  "kidsMin",
  "kidsMax",
  "networth",
  "salary",
  "greek",
  "religion",
  "education",
  "sort",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const LIST_FILTERS = ["zodiac", "race"] as const satisfies readonly FilterKey[];

export type SearchFilters = z.output<ReturnType<typeof searchFiltersSchema>>;

/** True when any filter is set (the text query and the sort order do not count). */
export const hasFilters = (filters: SearchFilters) =>
  FILTER_KEYS.some((key) => key !== "q" && key !== "sort" && filters[key] !== undefined);

/** The filter object as a query string: lists repeated, unset keys left out. */
export function filtersToQuery(filters: Partial<Record<FilterKey, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

/** A query string as the schema's input: list keys as arrays, the others as their last value. */
export function queryToFilterInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key);
    if (values.length === 0) continue;
    input[key] = (LIST_FILTERS as readonly string[]).includes(key)
      ? values
      : (values.at(-1) as string);
  }
  return input;
}
