// Shapes of GET /api/city-search (spec-2 §2 city filter, §7 "US city autocomplete": a query q,
// an items array), shared by the server route and the browser's autocomplete.
import { z } from "zod";
import { CITY_QUERY_MAX } from "../limits";

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
