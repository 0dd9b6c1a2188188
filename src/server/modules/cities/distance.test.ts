import { describe, expect, it } from "vitest";
import { milesBetween } from "./distance";

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
