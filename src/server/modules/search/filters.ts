// The advanced search's filter object as SQL conditions on profiles (spec-2 §7: equality,
// case-insensitive contains, ranges, membership; docs/search.md). Every search reads its WHERE
// from `profileConditions`, so a rule about who may be found (privacy, blocks) is added once, here.
import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { sexualitiesMatching } from "../../../domain/enums/personal";
import type { SearchFilters } from "../../../domain/search-filters";
import { profiles } from "../../db/schema/profiles";
import { visiblePerson } from "../safety/visibility";

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE = 69.0;

export interface Place {
  lat: number;
  lng: number;
}

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
  const dLat = miles / MILES_PER_DEGREE;
  const dLng = miles / (MILES_PER_DEGREE * Math.max(0.01, Math.cos((place.lat * Math.PI) / 180)));
  return sql`${profiles.cityLat} between ${place.lat - dLat}::float8 and ${place.lat + dLat}::float8
    and ${profiles.cityLng} between ${place.lng - dLng}::float8 and ${place.lng + dLng}::float8
    and ${distanceFrom(place)} <= ${miles}::float8`;
}

const equal = (column: AnyPgColumn, value: string | undefined) =>
  value === undefined ? undefined : eq(column, value);

const range = (column: AnyPgColumn, low?: number, high?: number) =>
  and(
    low === undefined ? undefined : gte(column, low),
    high === undefined ? undefined : lte(column, high),
  );

export function profileConditions(
  filters: SearchFilters,
  place: Place | null,
  viewerId: string | null,
): SQL | undefined {
  const q = filters.q?.trim();
  return and(
    visiblePerson(viewerId, profiles.userId),
    q
      ? sql`(${containsIn(profiles.fullName, q)} or ${containsIn(profiles.username, q)} or ${containsIn(profiles.defaultUsername, q)})`
      : undefined,
    equal(profiles.country, filters.country),
    equal(profiles.state, filters.state),
    equal(profiles.county, filters.county),
    place && filters.withinMiles !== undefined
      ? within(place, filters.withinMiles)
      : filters.city
        ? containsIn(profiles.city, filters.city)
        : undefined,
    range(profiles.age, filters.ageMin, filters.ageMax),
    equal(profiles.gender, filters.gender),
    equal(profiles.relationshipStatus, filters.relationshipStatus),
    equal(profiles.bodyTypes, filters.bodyType),
    filters.sexuality
      ? inArray(profiles.sexuality, [...sexualitiesMatching(filters.sexuality)])
      : undefined,
    range(profiles.heightInches, filters.heightMin, filters.heightMax),
    filters.zodiac ? inArray(profiles.zodiac, filters.zodiac) : undefined,
    filters.race ? inArray(profiles.race, filters.race) : undefined,
    equal(profiles.militaryBranch, filters.militaryBranch),
    filters.militaryBase ? containsIn(profiles.militaryBase, filters.militaryBase) : undefined,
    filters.university ? containsIn(profiles.university, filters.university) : undefined,
    equal(profiles.hbcu, filters.hbcu),
    equal(profiles.occupation, filters.occupation),
    range(profiles.kidsCount, filters.kidsMin, filters.kidsMax),
    equal(profiles.networth, filters.networth),
    equal(profiles.salary, filters.salary),
    equal(profiles.greek, filters.greek),
    equal(profiles.religion, filters.religion),
    equal(profiles.education, filters.education),
  );
}
