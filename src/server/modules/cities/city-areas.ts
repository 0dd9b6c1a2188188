// Which county and state each US place is in, and the centre of every county and state (the mean
// of its places' coordinates), for the advanced search's coarsening (docs/search.md "Distance":
// a small town's people are placed at their county's centre, a small county's at its state's).
// Worked out once from the same table as the city autocomplete (city-index.ts).
import { type CityRow, cityRows } from "./city-index";
import type { Point } from "./distance";

/** The areas a place lies in, as keys of `centres`: its county ('VT/Lamoille County') and state. */
export interface PlaceAreas {
  county: string;
  state: string;
}

export interface CityAreas {
  /** The areas of the place at this point (a profile's city holds the table's coordinates). */
  areasAt(point: Point): PlaceAreas | undefined;
  /** The centre of a county or state named by `areasAt`. */
  centre(area: string): Point;
}

const keyOf = (lat: number, lng: number) => `${lat},${lng}`;

export function createCityAreas(rows: readonly CityRow[]): CityAreas {
  const byPlace = new Map<string, PlaceAreas>();
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  const add = (area: string, lat: number, lng: number) => {
    const sum = sums.get(area) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += lat;
    sum.lng += lng;
    sum.n++;
    sums.set(area, sum);
  };
  for (const [, state, county, lat, lng] of rows) {
    const areas = { county: `${state}/${county}`, state };
    const key = keyOf(lat, lng);
    // Two places at one point (33 in the table) share the first one's areas.
    if (!byPlace.has(key)) byPlace.set(key, areas);
    add(areas.county, lat, lng);
    add(areas.state, lat, lng);
  }
  const centres = new Map<string, Point>(
    [...sums].map(([area, s]) => [area, { lat: s.lat / s.n, lng: s.lng / s.n }]),
  );
  return {
    areasAt: (point) => byPlace.get(keyOf(point.lat, point.lng)),
    centre: (area) => centres.get(area) as Point,
  };
}

let shared: CityAreas | undefined;

/** The areas of every US place, worked out on first use and kept. */
export function cityAreas(): CityAreas {
  shared ??= createCityAreas(cityRows());
  return shared;
}
