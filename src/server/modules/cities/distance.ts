// Great-circle distance in miles (haversine), for the advanced search's radius and distance order
// (modules/search/index/: index-filters.ts, index-distance.ts).

const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;

export interface Point {
  lat: number;
  lng: number;
}

export function milesBetween(a: Point, b: Point): number {
  const h =
    Math.sin(((b.lat - a.lat) * RADIANS) / 2) ** 2 +
    Math.cos(a.lat * RADIANS) *
      Math.cos(b.lat * RADIANS) *
      Math.sin(((b.lng - a.lng) * RADIANS) / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
