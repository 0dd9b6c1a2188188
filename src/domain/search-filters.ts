// The advanced search's filter object (spec-2 §3 "Search filter object", §5 ranges, §9 page size),
// under the spec's names in the URL and in the API, validated by one schema on both sides
// (search-filters-schema.ts), its fields listed once in search-fields.ts. Lists (zodiac, race) may
// be repeated or comma-separated. Beyond the spec: `withinMiles` of the chosen city, and the sort
// order.
import { FILTER_KEYS, type FilterKey, type FilterValues, LIST_FILTERS } from "./search-fields";

export const SEARCH_PAGE_SIZE = 60;
/** 'Found N user(s)' counts exactly up to this many, then says '1,000+'. */
export const SEARCH_COUNT_CAP = 1000;

export type SearchFilters = FilterValues;

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
    input[key] = LIST_FILTERS.includes(key) ? values : (values.at(-1) as string);
  }
  return input;
}
