// Shapes of GET /api/city-search (spec-2 §2 city filter, §7 "US city autocomplete": a query q,
// an items array), shared by the server route and the browser's autocomplete.
import { z } from "zod";

export const CITY_QUERY_MAX = 64;
/** Shorter queries answer no items (and the browser does not send them). */
export const CITY_QUERY_MIN_SEARCH = 2;
export const CITY_RESULTS_MAX = 10;

export const citySearchQuery = z.object({
  q: z.string().trim().min(1).max(CITY_QUERY_MAX),
});

export const cityItem = z.object({
  city: z.string(),
  /** Postal code, e.g. 'IL'. */
  state: z.string().length(2),
  county: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type CityItem = z.infer<typeof cityItem>;

export const citySearchResponse = z.object({
  items: z.array(cityItem).max(CITY_RESULTS_MAX),
});

/** How a chosen city shows in the text field: 'Springfield, IL'. */
export function formatCityLabel(item: Pick<CityItem, "city" | "state">): string {
  return `${item.city}, ${item.state}`;
}
