// SQL of the advanced search (docs/search.md): one page of profiles matching the filters, in the
// chosen order, keyset-paginated on that order's index; the bounded count; the newest profiles.
import { and, sql } from "drizzle-orm";
import {
  SEARCH_COUNT_CAP,
  type SearchFilters,
  type SearchSort,
} from "../../../domain/search-filters";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { newestFirst } from "../../db/keyset";
import { followers } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import type { NearbyPlace } from "../cities/distance";
import { personColumns } from "../profiles/person";
import { blockedWith, visiblePerson } from "../safety/visibility";
import { distanceFrom, type Place, profileConditions } from "./filters";

/** Where a page ends in its order: the order's key as text, and the user id. */
export interface SearchCursor {
  sort: SearchSort;
  key: string;
  id: string;
}

const resultColumns = (viewerId: string | null, place: Place | null) => ({
  ...personColumns,
  about: profiles.about,
  state: profiles.state,
  city: profiles.city,
  age: profiles.age,
  height: profiles.height,
  kids: profiles.kids,
  following: viewerId
    ? sql<boolean>`exists (select 1 from ${followers} where ${followers.followerId} = ${viewerId} and ${followers.followingId} = ${profiles.userId})`
    : sql<boolean>`false`,
  distanceMiles: place ? distanceFrom(place) : sql<null>`null`,
});

/** Each order: its key (as text, for the cursor), the ORDER BY, and "after this key". */
function orderOf(sort: SearchSort, place: Place | null) {
  if (sort === "distance" && place) {
    const distance = distanceFrom(place);
    return {
      key: sql<string>`(${distance})::text`,
      orderBy: [sql`${distance}`, profiles.userId],
      after: (c: SearchCursor) =>
        sql`(${distance}, ${profiles.userId}) > (${c.key}::float8, ${c.id})`,
    };
  }
  if (sort === "newest") {
    return {
      key: sql<string>`${profiles.createdAt}::text`,
      orderBy: [newestFirst(profiles.createdAt), newestFirst(profiles.userId)],
      after: (c: SearchCursor) =>
        sql`(${profiles.createdAt}, ${profiles.userId}) < (${c.key}::timestamptz, ${c.id})`,
    };
  }
  // spec-2 §7: sorted by full name; the user id breaks ties, so the order is total.
  const name = sql`lower(${profiles.fullName})`;
  return {
    key: sql<string>`${name}`,
    orderBy: [name, profiles.userId],
    after: (c: SearchCursor) => sql`(${name}, ${profiles.userId}) > (${c.key}, ${c.id})`,
  };
}

export async function searchProfiles(
  db: Db,
  input: {
    filters: SearchFilters;
    place: Place | null;
    viewerId: string | null;
    limit: number;
    cursor: SearchCursor | null;
  },
) {
  const sort = input.filters.sort ?? "name";
  const order = orderOf(sort, input.place);
  return db
    .select({ ...resultColumns(input.viewerId, input.place), sortKey: order.key })
    .from(profiles)
    .where(
      and(
        profileConditions(input.filters, input.place, input.viewerId),
        input.cursor ? order.after(input.cursor) : undefined,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(input.limit + 1);
}

export type SearchRow = Awaited<ReturnType<typeof searchProfiles>>[number];

/**
 * One page by distance within a radius (docs/search.md "Distance"): the places in the radius come
 * nearest first (from the city index), and for each, its people in user-id order, read from the
 * place index with their own limit; PostgreSQL walks the places in order and stops once the page
 * is full, instead of sorting everyone in the radius. `afterId` continues inside `places[0]`.
 */
export function searchNearby(
  db: Db,
  input: {
    filters: SearchFilters;
    places: NearbyPlace[];
    afterId: string | null;
    viewerId: string;
    limit: number;
  },
) {
  const { city: _city, withinMiles: _miles, ...rest } = input.filters;
  const conditions = profileConditions(rest, null, input.viewerId);
  const column = (pick: (place: NearbyPlace) => number) => sql.param(input.places.map(pick));
  const near = sql`(select c.n, c.lat, c.lng, c.miles, p.user_id
    from (select * from unnest(${column((p) => p.lat)}::float8[], ${column((p) => p.lng)}::float8[],
            ${column((p) => p.miles)}::float8[]) with ordinality as c(lat, lng, miles, n)
          order by c.n) c
    cross join lateral (
      select ${profiles.userId} as user_id from ${profiles}
      where ${profiles.cityLat} = c.lat and ${profiles.cityLng} = c.lng
        and ${input.afterId === null ? sql`true` : sql`(c.n > 1 or ${profiles.userId} > ${input.afterId})`}
        ${conditions ? sql`and ${conditions}` : sql``}
      order by ${profiles.userId} limit ${input.limit + 1}) p
    order by c.n, p.user_id limit ${input.limit + 1}) near`;
  return db
    .select({
      ...resultColumns(input.viewerId, null),
      distanceMiles: sql<number>`near.miles`,
      sortKey: sql<string>`near.lat::text || ',' || near.lng::text`,
    })
    .from(profiles)
    .innerJoin(near, sql`near.user_id = ${profiles.userId}`)
    .orderBy(sql`near.n`, profiles.userId);
}

/** How many match for anyone (no viewer's blocks), counted no further than one past the cap, so a
 * count never reads more than SEARCH_COUNT_CAP + 1 rows. */
export async function countMatches(
  db: Db,
  { filters, place }: { filters: SearchFilters; place: Place | null },
): Promise<number> {
  const where = profileConditions(filters, place, null);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${profiles} ${where ? sql`where ${where}` : sql``} limit ${SEARCH_COUNT_CAP + 1}) matched`,
  );
  return row?.n ?? 0;
}

/** How many of the people in a block with the viewer match: a shared count less these is theirs. */
export async function countBlockedMatches(
  db: Db,
  input: { filters: SearchFilters; place: Place | null; viewerId: string },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${profiles} where ${and(
      profileConditions(input.filters, input.place, null),
      blockedWith(input.viewerId, profiles.userId),
    )}`,
  );
  return row?.n ?? 0;
}

/** The newest profiles (spec-1 §7 "latest 50 ordered by created_at descending"). */
export async function newestProfiles(
  db: Db,
  { viewerId, limit }: { viewerId: string | null; limit: number },
) {
  return db
    .select(resultColumns(viewerId, null))
    .from(profiles)
    .where(visiblePerson(viewerId, profiles.userId))
    .orderBy(newestFirst(profiles.createdAt), newestFirst(profiles.userId))
    .limit(limit);
}
