// Great-circle distance in miles (haversine), computed the same way here and in SQL
// (modules/search/filters.ts `distanceFrom`), and the places near a point, nearest first.

export const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;
const MILES_PER_DEGREE = 69.0;

export interface Point {
  lat: number;
  lng: number;
}

/** A place with its distance from the point asked about. */
export interface NearbyPlace extends Point {
  miles: number;
}

export function milesBetween(a: Point, b: Point): number {
  const h =
    Math.sin(((b.lat - a.lat) * RADIANS) / 2) ** 2 +
    Math.cos(a.lat * RADIANS) *
      Math.cos(b.lat * RADIANS) *
      Math.sin(((b.lng - a.lng) * RADIANS) / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Degrees of latitude and longitude that hold every point within `miles` of `place`. */
export function boundingBox(place: Point, miles: number) {
  const dLat = miles / MILES_PER_DEGREE;
  const dLng = miles / (MILES_PER_DEGREE * Math.max(0.01, Math.cos(place.lat * RADIANS)));
  return { dLat, dLng };
}

const RECENT_ASKS = 64;

/**
 * Places by coordinates, for "which are within N miles, nearest first": each coordinate once,
 * sorted by latitude so an ask reads only its latitude band. The last few answers are kept, since
 * the pages of one search ask the same again.
 */
export class PointIndex {
  private readonly points: Point[];
  private readonly recent = new Map<string, NearbyPlace[]>();

  constructor(points: readonly Point[]) {
    const unique = new Map(points.map((p) => [`${p.lat},${p.lng}`, { lat: p.lat, lng: p.lng }]));
    this.points = [...unique.values()].sort((a, b) => a.lat - b.lat || a.lng - b.lng);
  }

  /** The points within `miles`, nearest first; equally far ones by latitude, then longitude, so
   * the order is total and the same on every ask. */
  within(place: Point, miles: number): NearbyPlace[] {
    const key = `${place.lat},${place.lng},${miles}`;
    const known = this.recent.get(key);
    if (known) return known;
    const { dLat, dLng } = boundingBox(place, miles);
    const found: NearbyPlace[] = [];
    for (let i = this.firstAtOrAbove(place.lat - dLat); i < this.points.length; i++) {
      const point = this.points[i] as Point;
      if (point.lat > place.lat + dLat) break;
      if (Math.abs(point.lng - place.lng) > dLng) continue;
      const distance = milesBetween(place, point);
      if (distance <= miles) found.push({ lat: point.lat, lng: point.lng, miles: distance });
    }
    found.sort((a, b) => a.miles - b.miles || a.lat - b.lat || a.lng - b.lng);
    if (this.recent.size >= RECENT_ASKS)
      this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(key, found);
    return found;
  }

  private firstAtOrAbove(lat: number): number {
    let low = 0;
    let high = this.points.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.points[mid] as Point).lat < lat) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
