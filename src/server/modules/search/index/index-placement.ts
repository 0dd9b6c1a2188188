// Where the distance answers put each place of the profile index (docs/search.md "Distance"): a
// city with fewer than CROWD_MIN searchable people is placed at its county's centre, and one in a
// county with fewer than CROWD_MIN at its state's, for the radius and the distance order alike, so
// a small town's centre never stands for the few people who live there. Worked out again, at the
// next search that measures a distance, after any change to the index: one pass over the people
// who have a city (a few milliseconds at a million).
import { attributeBit } from "../../../../domain/audiences";
import type { CityAreas } from "../../cities/city-areas";
import type { Point } from "../../cities/distance";
import type { ProfileIndex } from "./profile-index";

/** The fewest searchable people a city (or county) needs to be measured from its own centre. */
export const CROWD_MIN = 50;

export const parsePlace = (key: string): Point => {
  const [lat, lng] = key.split(",").map(Number);
  return { lat: lat as number, lng: lng as number };
};

/** The coarsening rule: each place where its count of searchable people puts it. A place the city
 * table does not know (none in use: a profile's city is always one of its places) stays. */
export function coarsen(
  places: readonly { point: Point; searchable: number }[],
  areas: CityAreas,
): Point[] {
  const found = places.map((place) => areas.areasAt(place.point));
  const inCounty = new Map<string, number>();
  places.forEach((place, i) => {
    const county = found[i]?.county;
    if (county) inCounty.set(county, (inCounty.get(county) ?? 0) + place.searchable);
  });
  return places.map((place, i) => {
    const area = found[i];
    if (!area || place.searchable >= CROWD_MIN) return place.point;
    return areas.centre((inCounty.get(area.county) ?? 0) >= CROWD_MIN ? area.county : area.state);
  });
}

export interface Placement {
  /** Where each place code is measured from (code 0, no city, has none). */
  points: (Point | undefined)[];
  /** Changes only when some place moves, so answers kept for a radius stay valid until then. */
  generation: number;
}

const placements = new WeakMap<
  ProfileIndex,
  { changes: number; areas: CityAreas; placement: Placement }
>();
let generations = 0;

const CITY_BIT = attributeBit("city");

/** Each place as placed now. Searchable: not suspended, and the city matched for everyone (its
 * audience Everyone, demographic search on): who a stranger's search can find by distance. */
export function placementOf(index: ProfileIndex, areas: CityAreas): Placement {
  const held = placements.get(index);
  if (held && held.changes === index.changes && held.areas === areas) return held.placement;
  const { places, suspended, everyone } = index;
  const counted = [];
  for (let code = 1; code < places.values.length; code++) {
    const list = places.lists[code];
    const slots = list?.raw();
    let searchable = 0;
    for (let i = 0; slots && i < (list?.size ?? 0); i++) {
      const slot = slots[i] as number;
      if (suspended[slot] === 0 && ((everyone[slot] as number) & CITY_BIT) !== 0) searchable++;
    }
    counted.push({ point: parsePlace(places.values[code] as string), searchable });
  }
  const points = [undefined, ...coarsen(counted, areas)];
  const before = held?.placement;
  const same =
    before !== undefined &&
    before.points.length === points.length &&
    points.every((p, i) => p?.lat === before.points[i]?.lat && p?.lng === before.points[i]?.lng);
  const placement = same ? before : { points, generation: ++generations };
  placements.set(index, { changes: index.changes, areas, placement });
  return placement;
}
