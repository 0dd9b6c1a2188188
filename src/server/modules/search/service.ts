// Advanced people search (spec-2 §2, §4, §7, §8; docs/search.md): the filter object, a page in
// the chosen order, the 'Found N' count on the first page, and the newest profiles for local mode.
import { z } from "zod";
import { ERROR_CODES } from "../../../domain/contracts/errors";
import { RECENT_PROFILES, type SearchResult } from "../../../domain/contracts/search";
import { SEARCH_SORTS, type SearchFilters } from "../../../domain/search-filters";
import type { AppContext } from "../../context";
import { badRequest } from "../../errors";
import { personWith } from "../profiles/person";
import {
  newestProfiles,
  type SearchCursor,
  type SearchRow,
  searchNearby,
  searchProfiles,
} from "./advanced";
import type { Place } from "./filters";

const cursorSchema = z.object({
  sort: z.enum(SEARCH_SORTS),
  key: z.string().max(300),
  id: z.string().min(1).max(64),
});

const invalidCursor = () =>
  badRequest(ERROR_CODES.validation, "Invalid cursor", { cursor: ["Invalid cursor"] });

function decodeSearchCursor(
  raw: string | undefined,
  sort: SearchCursor["sort"],
): SearchCursor | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success || parsed.data.sort !== sort) throw invalidCursor();
  // By distance the key is the distance, or within a radius the place's "lat,lng".
  const numbers = parsed.data.key.split(",").map(Number);
  if (sort === "distance" && !numbers.every(Number.isFinite)) throw invalidCursor();
  if (sort === "newest" && Number.isNaN(Date.parse(parsed.data.key))) throw invalidCursor();
  return parsed.data;
}

const encodeSearchCursor = (cursor: SearchCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString("base64url");

function present(row: Omit<SearchRow, "sortKey">): SearchResult {
  return personWith(row, {
    about: row.about,
    state: row.state,
    city: row.city,
    age: row.age,
    height: row.height,
    kids: row.kids,
    following: Boolean(row.following),
    distanceMiles:
      row.distanceMiles === null ? null : Math.round(Number(row.distanceMiles) * 10) / 10,
  });
}

/** The chosen city's coordinates from the server's own index: 400 when it is not a known city. */
function placeOf(ctx: Pick<AppContext, "cities">, filters: SearchFilters): Place | null {
  if (filters.withinMiles === undefined && filters.sort !== "distance") return null;
  const label = filters.city ?? "";
  const match = ctx.cities.search(label, 10).find((c) => `${c.city}, ${c.state}` === label);
  if (!match) {
    const message = "Please select a valid U.S. city";
    throw badRequest(ERROR_CODES.validation, message, { city: [message] });
  }
  return { lat: match.lat, lng: match.lng };
}

/** Places asked of PostgreSQL at a time, nearest first; each next batch is this many times larger. */
const FIRST_PLACES = 256;
const PLACES_GROWTH = 8;

/** A page by distance within a radius: the radius's places, nearest first, in growing batches
 * until the page is full (docs/search.md "Distance"). */
async function pageNearby(
  ctx: Pick<AppContext, "db" | "cities">,
  input: {
    filters: SearchFilters;
    place: Place;
    miles: number;
    viewerId: string;
    limit: number;
    cursor: SearchCursor | null;
  },
) {
  const places = ctx.cities.nearby(input.place, input.miles);
  let start = 0;
  let afterId: string | null = null;
  if (input.cursor) {
    const [lat, lng] = input.cursor.key.split(",").map(Number);
    start = places.findIndex((p) => p.lat === lat && p.lng === lng);
    if (start < 0) throw invalidCursor();
    afterId = input.cursor.id;
  }
  const rows: SearchRow[] = [];
  for (
    let size = FIRST_PLACES;
    start < places.length && rows.length <= input.limit;
    size *= PLACES_GROWTH
  ) {
    const batch = places.slice(start, start + size);
    const found = await searchNearby(ctx.db, {
      filters: input.filters,
      places: batch,
      afterId,
      viewerId: input.viewerId,
      limit: input.limit - rows.length,
    });
    rows.push(...found);
    start += batch.length;
    afterId = null;
  }
  return rows;
}

export async function searchPeopleByFilters(
  ctx: Pick<AppContext, "db" | "cities" | "searchCounts">,
  input: { viewerId: string; filters: SearchFilters; limit: number; cursor?: string | undefined },
) {
  const sort = input.filters.sort ?? "name";
  const place = placeOf(ctx, input.filters);
  const cursor = decodeSearchCursor(input.cursor, sort);
  const miles = input.filters.withinMiles;
  const rows =
    sort === "distance" && place && miles !== undefined
      ? await pageNearby(ctx, { ...input, place, miles, cursor })
      : await searchProfiles(ctx.db, { ...input, place, cursor });
  const more = rows.length > input.limit;
  // The first page counts: itself when it holds every match, else the capped, shared count
  // (docs/search.md "Count").
  const total = cursor
    ? null
    : more
      ? await ctx.searchCounts.count({ filters: input.filters, place, viewerId: input.viewerId })
      : { count: rows.length, capped: false };
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ sortKey: _key, ...row }) => present(row)),
    nextCursor:
      more && last ? encodeSearchCursor({ sort, key: last.sortKey, id: last.userId }) : null,
    total,
  };
}

export async function recentProfiles(db: AppContext["db"], viewerId: string) {
  return { items: (await newestProfiles(db, { viewerId, limit: RECENT_PROFILES })).map(present) };
}
