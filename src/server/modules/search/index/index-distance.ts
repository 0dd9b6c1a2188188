// The distance order of the profile index (docs/search.md "Distance"): the places a profile can
// have, nearest first from the chosen city (kept for the last few points asked), and a page that
// walks them in turn, the people of one place by name. The cursor's key is the place and the last
// person's name key: `lat,lng|name`.
import { milesBetween, type Point } from "../../cities/distance";
import { compareText, type ProfileIndex, placeKey } from "./profile-index";
import { RankedScan } from "./ranked-scan";
import type { SlotList } from "./slot-list";
import type { IndexHit, IndexQuery, Plan } from "./types";

/** The cursor names a place no profile has (docs/search.md "Distance"). */
export class UnknownCursorPlace extends Error {}

export const parsePlace = (key: string): Point => {
  const [lat, lng] = key.split(",").map(Number);
  return { lat: lat as number, lng: lng as number };
};

export function milesFromPlace(index: ProfileIndex, slot: number, place: Point): number | null {
  const key = index.places.values[index.places.codeAt(slot)];
  return typeof key === "string" ? milesBetween(place, parsePlace(key)) : null;
}

/** Places nearest first; within a place, by name. */
export function byDistance(
  index: ProfileIndex,
  plan: Plan,
  place: Point,
  withinMiles: number | null,
  query: IndexQuery,
): IndexHit[] {
  const places = nearestPlaces(index, place, withinMiles);
  let from = 0;
  let afterRank = 0;
  if (query.after) {
    const split = query.after.key.indexOf("|");
    const code = index.places.codeOf(query.after.key.slice(0, split));
    from = code === undefined ? -1 : places.findIndex((p) => p.code === code);
    if (split < 0 || from < 0) throw new UnknownCursorPlace();
    afterRank = index.positionAfter("name", {
      key: query.after.key.slice(split + 1),
      id: query.after.id,
    });
  }
  const ranks = index.ranks().name;
  const hits: IndexHit[] = [];
  for (let p = from; p < places.length && hits.length < query.take; p++) {
    const { code, miles } = places[p] as NearbyCode;
    const here = new RankedScan(
      [index.places.lists[code] as SlotList],
      ranks,
      plan.matches,
      p > from ? 0 : afterRank,
      query.take - hits.length,
    );
    here.finish();
    const key = index.places.values[code] as string;
    for (const rank of here.kept) {
      const slot = index.byName.at(rank);
      hits.push({
        userId: index.ids[slot] as string,
        key: `${key}|${index.nameKeys[slot]}`,
        miles,
      });
    }
  }
  return hits;
}

interface NearbyCode {
  code: number;
  miles: number;
}

const nearest = new WeakMap<ProfileIndex, Map<string, { known: number; places: NearbyCode[] }>>();

/** The index's places within `miles` (all of them when null), nearest first; equally far ones by
 * key. Kept for the last few points asked, until a new place appears. */
function nearestPlaces(index: ProfileIndex, place: Point, miles: number | null): NearbyCode[] {
  let cache = nearest.get(index);
  if (!cache) {
    cache = new Map();
    nearest.set(index, cache);
  }
  const key = `${placeKey(place.lat, place.lng)}<${miles ?? "*"}`;
  const known = index.places.values.length;
  const held = cache.get(key);
  if (held && held.known === known) return held.places;
  const places: NearbyCode[] = [];
  for (let code = 1; code < known; code++) {
    const distance = milesBetween(place, parsePlace(index.places.values[code] as string));
    if (miles === null || distance <= miles) places.push({ code, miles: distance });
  }
  places.sort(
    (a, b) =>
      a.miles - b.miles ||
      compareText(index.places.values[a.code] as string, index.places.values[b.code] as string),
  );
  if (cache.size >= 64) cache.delete(cache.keys().next().value as string);
  cache.set(key, { known, places });
  return places;
}
