// The advanced search's filter object as SQL conditions on profiles (spec-2 §7: equality,
// case-insensitive contains, ranges, membership; docs/search.md). Every search reads its WHERE
// from `profileConditions`, so a rule about who may be found (privacy, blocks) is added once, here.
// Equality, membership and range filters read the search_tokens GIN index (docs/search.md).
import { and, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { sexualitiesMatching } from "../../../domain/enums/personal";
import type { SearchFilters } from "../../../domain/search-filters";
import { profiles, SEARCH_RANGE_BUCKETS } from "../../db/schema/profiles";
import { boundingBox, EARTH_RADIUS_MILES, type Point } from "../cities/distance";
import { notBlockedWith } from "../safety/visibility";

export type Place = Point;

/** LIKE's wildcards made literal, lower-cased, inside %…%. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const containsIn = (column: AnyPgColumn, text: string) =>
  sql`lower(${column}) like ${containsPattern(text)}`;

/** Great-circle miles from `place` to the profile's city (haversine; least() keeps asin's input
 * at most 1 when rounding pushes it over). */
export const distanceFrom = (place: Place) =>
  sql<number>`${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1.0, sqrt(
    power(sin(radians(${profiles.cityLat} - ${place.lat}::float8) / 2), 2) +
    cos(radians(${place.lat}::float8)) * cos(radians(${profiles.cityLat})) *
    power(sin(radians(${profiles.cityLng} - ${place.lng}::float8) / 2), 2))))`;

/** An indexed bounding box around `place`, then the exact distance. */
function within(place: Place, miles: number): SQL {
  const { dLat, dLng } = boundingBox(place, miles);
  return sql`${profiles.cityLat} between ${place.lat - dLat}::float8 and ${place.lat + dLat}::float8
    and ${profiles.cityLng} between ${place.lng - dLng}::float8 and ${place.lng + dLng}::float8
    and ${distanceFrom(place)} <= ${miles}::float8`;
}

const token = (key: string, value: string | number) => `${key}:${value}`;

/** Every bucket token from `low` to `high` (bucket width `step`, whole domain by default). */
function bucketTokens(
  key: string,
  step: number,
  [from, to]: [number, number],
  low?: number,
  high?: number,
) {
  const first = Math.floor((low ?? from) / step) * step;
  const last = Math.floor((high ?? to) / step) * step;
  const tokens: string[] = [];
  for (let bucket = first; bucket <= last; bucket += step) tokens.push(token(key, bucket));
  return tokens;
}

const anyOf = (tokens: string[]) => sql`${profiles.searchTokens} && ${sql.param(tokens)}::text[]`;

/** A range: its buckets from the tokens index, then the exact bounds on the row. */
function range(
  column: AnyPgColumn,
  bucket: { key: string; step: number },
  domain: [number, number],
  low?: number,
  high?: number,
) {
  if (low === undefined && high === undefined) return undefined;
  return and(
    anyOf(bucketTokens(bucket.key, bucket.step, domain, low, high)),
    low === undefined ? undefined : gte(column, low),
    high === undefined ? undefined : lte(column, high),
  );
}

/** The equality filters as the tokens every match must carry. */
function requiredTokens(filters: SearchFilters): string[] {
  const pairs: [string, string | undefined][] = [
    ["country", filters.country],
    ["state", filters.state],
    ["county", filters.county],
    ["gender", filters.gender],
    ["relationship", filters.relationshipStatus],
    ["body", filters.bodyType],
    ["branch", filters.militaryBranch],
    ["hbcu", filters.hbcu],
    ["occupation", filters.occupation],
    ["networth", filters.networth],
    ["salary", filters.salary],
    ["greek", filters.greek],
    ["religion", filters.religion],
    ["education", filters.education],
  ];
  return pairs.flatMap(([key, value]) => (value === undefined ? [] : [token(key, value)]));
}

export function profileConditions(
  filters: SearchFilters,
  place: Place | null,
  viewerId: string | null,
): SQL | undefined {
  const q = filters.q?.trim();
  const required = requiredTokens(filters);
  return and(
    isNull(profiles.suspendedAt),
    notBlockedWith(viewerId, profiles.userId),
    required.length > 0
      ? sql`${profiles.searchTokens} @> ${sql.param(required)}::text[]`
      : undefined,
    filters.sexuality
      ? anyOf([...sexualitiesMatching(filters.sexuality)].map((v) => token("sexuality", v)))
      : undefined,
    filters.zodiac ? anyOf(filters.zodiac.map((v) => token("zodiac", v))) : undefined,
    filters.race ? anyOf(filters.race.map((v) => token("race", v))) : undefined,
    range(profiles.age, SEARCH_RANGE_BUCKETS.age, [18, 100], filters.ageMin, filters.ageMax),
    range(
      profiles.heightInches,
      SEARCH_RANGE_BUCKETS.height,
      [48, 84],
      filters.heightMin,
      filters.heightMax,
    ),
    range(profiles.kidsCount, SEARCH_RANGE_BUCKETS.kids, [0, 20], filters.kidsMin, filters.kidsMax),
    q
      ? sql`(${containsIn(profiles.fullName, q)} or ${containsIn(profiles.username, q)} or ${containsIn(profiles.defaultUsername, q)})`
      : undefined,
    place && filters.withinMiles !== undefined
      ? within(place, filters.withinMiles)
      : filters.city
        ? containsIn(profiles.city, filters.city)
        : undefined,
    filters.militaryBase ? containsIn(profiles.militaryBase, filters.militaryBase) : undefined,
    filters.university ? containsIn(profiles.university, filters.university) : undefined,
  );
}
