// Shapes of /api/search/* (spec-1 §2 header search box, §9: show 15; spec-2 §2–§9 advanced search).
import { z } from "zod";
import { DISTANCE_BUCKETS } from "../distance-buckets";
import type { LoadedProfileLists } from "../enums/profile-options";
import { SEARCH_PAGE_SIZE } from "../search-filters";
import { searchFiltersSchema } from "../search-filters-schema";
import { personSummary } from "./follows";
import { pageQueryOf } from "./page";

export const peopleSearchQuery = z.object({ q: z.string().max(100).default("") });

export const peopleSearchResponse = z.object({
  items: z.array(personSummary.extend({ following: z.boolean() })),
});

/** A person in the advanced search's results (spec-2 §7 "select for search"). */
export const searchResult = personSummary.extend({
  about: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  age: z.number().nullable(),
  height: z.string().nullable(),
  kids: z.string().nullable(),
  following: z.boolean(),
  /** How far from the chosen city, as a band, never miles (docs/search.md "Distance"), when
   * searching around one and the city is seen. */
  distance: z.enum(DISTANCE_BUCKETS).nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchResultsPage = z.object({
  items: z.array(searchResult),
  nextCursor: z.string().nullable(),
  /** On the first page: how many match, exactly up to SEARCH_COUNT_CAP, else `capped`. */
  total: z.object({ count: z.number(), capped: z.boolean() }).nullable(),
});

/** The newest profiles, which local search filters in the browser (spec-2 §4; spec-1 §7: 50). */
export const RECENT_PROFILES = 50;
export const recentProfilesResponse = z.object({ items: z.array(searchResult) });

/** GET /api/search/profiles: the filter object (spec-2 §3) plus the page (spec-2 §9: 60). */
export const searchQuery = (lists: LoadedProfileLists) =>
  searchFiltersSchema(lists).and(pageQueryOf({ default: SEARCH_PAGE_SIZE, max: SEARCH_PAGE_SIZE }));
