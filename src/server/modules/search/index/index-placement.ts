// Where the distance answers put each place of the profile index (docs/search.md "Distance"): a
// city with fewer than CROWD_MIN searchable people is placed at its county's centre, and one in a
// county with fewer than CROWD_MIN at its state's, for the radius and the distance order alike, so
// a small town's centre never stands for the few people who live there. Worked out again, at the
// next search that measures a distance, after any change to the index: one pass over the slots in
// order and one over the places, 6–10 ms at a million people and 30,000 places. Each
// place's own point, county and state are kept (a place's code never changes its value).
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

/** Places in turn: each one's own point, and its county and state as numbers into `centres` (-1
 * for a place the city table does not know: none in use, a profile's city is always one of its
 * places). */
export class PlaceTable {
  readonly points: Point[] = [];
  readonly county: number[] = [];
  readonly state: number[] = [];
  readonly centres: Point[] = [];
  private readonly ids = new Map<string, number>();

  constructor(readonly areas: CityAreas) {}

  add(point: Point): void {
    const found = this.areas.areasAt(point);
    this.points.push(point);
    this.county.push(found ? this.idOf(found.county) : -1);
    this.state.push(found ? this.idOf(found.state) : -1);
  }

  private idOf(area: string): number {
    let id = this.ids.get(area);
    if (id === undefined) {
      id = this.centres.length;
      this.ids.set(area, id);
      this.centres.push(this.areas.centre(area));
    }
    return id;
  }
}

/** The coarsening rule: each place of the table where its count of searchable people puts it. A
 * place the city table does not know stays. */
export function coarsen(table: PlaceTable, searchable: ArrayLike<number>): Point[] {
  const inCounty = new Int32Array(table.centres.length);
  for (let i = 0; i < table.points.length; i++) {
    const county = table.county[i] as number;
    if (county >= 0) inCounty[county] = (inCounty[county] as number) + (searchable[i] as number);
  }
  return table.points.map((point, i) => {
    const county = table.county[i] as number;
    if (county < 0 || (searchable[i] as number) >= CROWD_MIN) return point;
    const area = (inCounty[county] as number) >= CROWD_MIN ? county : (table.state[i] as number);
    return table.centres[area] as Point;
  });
}

export interface Placement {
  /** Where each place code is measured from (code 0, no city, has none). */
  points: (Point | undefined)[];
  /** Changes only when some place moves, so answers kept for a radius stay valid until then. */
  generation: number;
}

const held = new WeakMap<
  ProfileIndex,
  { changes: number; table: PlaceTable; placement: Placement }
>();
let generations = 0;

const CITY_BIT = attributeBit("city");

/** Each place as placed now. Searchable: not suspended, and the city matched for everyone (its
 * audience Everyone, demographic search on): who a stranger's search can find by distance. */
export function placementOf(index: ProfileIndex, areas: CityAreas): Placement {
  const before = held.get(index);
  if (before && before.changes === index.changes && before.table.areas === areas) {
    return before.placement;
  }
  const { places, suspended, everyone } = index;
  const known = places.values.length;
  const table = before?.table.areas === areas ? before.table : new PlaceTable(areas);
  // Code 0 is "no city": a place of its own that the table does not know, never measured.
  if (table.points.length === 0) table.add({ lat: Number.NaN, lng: Number.NaN });
  for (let code = table.points.length; code < known; code++) {
    table.add(parsePlace(places.values[code] as string));
  }
  // Slots in order: the posting lists would read the masks at random.
  const counts = new Int32Array(known);
  for (let slot = 0; slot < index.ids.length; slot++) {
    const code = places.codeAt(slot);
    if (code !== 0 && suspended[slot] === 0 && ((everyone[slot] as number) & CITY_BIT) !== 0) {
      counts[code] = (counts[code] as number) + 1;
    }
  }
  const points: (Point | undefined)[] = coarsen(table, counts);
  points[0] = undefined;
  const last = before?.placement;
  const same =
    last !== undefined &&
    last.points.length === points.length &&
    points.every((point, code) => point === last.points[code]);
  const placement = same ? last : { points, generation: ++generations };
  held.set(index, { changes: index.changes, table, placement });
  return placement;
}
