import { describe, expect, it } from "vitest";
import { milesBetween, PointIndex } from "./distance";

const BOSTON = { lat: 42.3601, lng: -71.0589 };
const CAMBRIDGE = { lat: 42.3736, lng: -71.1097 };
const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const BURLINGTON = { lat: 44.4759, lng: -73.2121 };

describe("milesBetween", () => {
  it.each([
    [BOSTON, CAMBRIDGE, 2, 4],
    [BOSTON, NEW_YORK, 185, 195],
    [BOSTON, BURLINGTON, 175, 185],
    [BOSTON, BOSTON, 0, 0],
  ])("%o → %o is between %d and %d miles", (a, b, low, high) => {
    expect(milesBetween(a, b)).toBeGreaterThanOrEqual(low);
    expect(milesBetween(a, b)).toBeLessThanOrEqual(high);
    expect(milesBetween(a, b)).toBeCloseTo(milesBetween(b, a), 9);
  });
});

describe("PointIndex.within", () => {
  const index = new PointIndex([NEW_YORK, BURLINGTON, CAMBRIDGE, BOSTON, { ...BOSTON }]);

  it("lists each place once, nearest first, and none beyond the radius", () => {
    const near = index.within(BOSTON, 185);
    expect(near.map(({ lat, lng }) => ({ lat, lng }))).toEqual([BOSTON, CAMBRIDGE, BURLINGTON]);
    expect(near[0]?.miles).toBe(0);
    expect(index.within(BOSTON, 1).map((p) => p.lat)).toEqual([BOSTON.lat]);
    expect(index.within(BOSTON, 500)).toHaveLength(4);
  });

  it("orders equally far places by latitude, then longitude", () => {
    const east = { lat: 0, lng: 1 };
    const west = { lat: 0, lng: -1 };
    const north = { lat: 1, lng: 0 };
    const ring = new PointIndex([north, east, west]);
    const order = ring.within({ lat: 0, lng: 0 }, 100).map(({ lat, lng }) => ({ lat, lng }));
    expect(order.slice(0, 2)).toEqual([west, east]);
  });
});
