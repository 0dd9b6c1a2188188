// The distance order of the profile index (docs/search.md "Distance"): the bands of
// domain/distance-buckets.ts nearest first from the chosen city, each place measured where it is
// placed (index-placement.ts), and within a band the name order (lower-cased name, then user id),
// so a person's position inside a band tells nothing of how far they are. Each band is one more
// filter on the page (index-order.ts picks how to read it). The cursor's key is the band and the
// last person's name key: `band|name`.
import { bucketIndexOf, DISTANCE_BUCKETS } from "../../../../domain/distance-buckets";
import { milesBetween, type Point } from "../../cities/distance";
import { ordered } from "./index-order";
import type { Placement } from "./index-placement";
import { type ProfileIndex, placeKey } from "./profile-index";
import type { SlotList } from "./slot-list";
import type { IndexCursor, IndexHit, IndexQuery, Plan } from "./types";

/** The cursor names no band (docs/search.md "Pages"). */
export class BadDistanceCursor extends Error {}

/** A slot's band from `origin`, or null when it has no city. */
export function bandOf(
  index: ProfileIndex,
  placement: Placement,
  slot: number,
  origin: Point,
): number | null {
  const point = placement.points[index.places.codeAt(slot)];
  return point ? bucketIndexOf(milesBetween(origin, point)) : null;
}

/** The band in the cursor's key and the name key after it. */
function parseCursor(after: IndexCursor | null): { band: number; after: IndexCursor | null } {
  if (!after) return { band: 0, after: null };
  const split = after.key.indexOf("|");
  const band = split > 0 ? Number(after.key.slice(0, split)) : Number.NaN;
  if (!Number.isInteger(band) || band < 0 || band >= DISTANCE_BUCKETS.length) {
    throw new BadDistanceCursor();
  }
  return { band, after: { key: after.key.slice(split + 1), id: after.id } };
}

/** Bands nearest first; within a band, by name. */
export function byDistance(
  index: ProfileIndex,
  plan: Plan,
  placement: Placement,
  origin: Point,
  withinMiles: number | null,
  query: IndexQuery,
): IndexHit[] {
  const { band: from, after } = parseCursor(query.after);
  const bands = bandsFrom(index, placement, origin, withinMiles);
  const hits: IndexHit[] = [];
  for (let band = from; band < DISTANCE_BUCKETS.length && hits.length < query.take; band++) {
    const codes = bands.codes[band] as number[];
    const lists = codes.map((code) => index.places.lists[code] as SlotList);
    const size = lists.reduce((sum, list) => sum + list.size, 0);
    if (size === 0) continue;
    const inBand = (slot: number) => bands.of[index.places.codeAt(slot)] === band;
    const inBandPlan: Plan = {
      matches: (slot) => inBand(slot) && plan.matches(slot),
      candidates: [
        ...plan.candidates.map((c) => ({ ...c, check: (s: number) => inBand(s) && c.check(s) })),
        { lists, size, byText: false, check: plan.matches },
      ],
    };
    const page = ordered(
      index,
      inBandPlan,
      "name",
      band === from ? after : null,
      query.take - hits.length,
      null,
    );
    for (const slot of page.slots) {
      hits.push({
        userId: index.ids[slot] as string,
        key: `${band}|${index.nameKeys[slot]}`,
        band,
      });
    }
  }
  return hits;
}

interface Bands {
  /** Each place code's band, or -1 (no city, or beyond the radius). */
  of: Int8Array;
  /** The place codes in each band. */
  codes: number[][];
}

const kept = new WeakMap<
  ProfileIndex,
  Map<string, { known: number; generation: number; bands: Bands }>
>();

/** Each place's band from `origin` within `miles` (every place when null), as placed. Kept for the
 * last few origins asked, until a place appears or moves. */
function bandsFrom(
  index: ProfileIndex,
  placement: Placement,
  origin: Point,
  miles: number | null,
): Bands {
  let cache = kept.get(index);
  if (!cache) {
    cache = new Map();
    kept.set(index, cache);
  }
  const key = `${placeKey(origin.lat, origin.lng)}<${miles ?? "*"}`;
  const known = index.places.values.length;
  const held = cache.get(key);
  if (held && held.known === known && held.generation === placement.generation) {
    return held.bands;
  }
  const bands: Bands = {
    of: new Int8Array(known).fill(-1),
    codes: DISTANCE_BUCKETS.map(() => []),
  };
  for (let code = 1; code < known; code++) {
    const point = placement.points[code];
    if (!point) continue;
    const distance = milesBetween(origin, point);
    if (miles !== null && distance > miles) continue;
    const band = bucketIndexOf(distance);
    bands.of[code] = band;
    bands.codes[band]?.push(code);
  }
  if (cache.size >= 64) cache.delete(cache.keys().next().value as string);
  cache.set(key, { known, generation: placement.generation, bands });
  return bands;
}
