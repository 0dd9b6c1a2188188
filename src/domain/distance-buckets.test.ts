import { describe, expect, it } from "vitest";
import { BUCKET_LABELS, bucketIndexOf, DISTANCE_BUCKETS } from "./distance-buckets";
import { DISTANCE_RADII } from "./search-fields";

describe('distance bands (docs/search.md "Distance")', () => {
  it.each([
    [0, "under-10"],
    [9.99, "under-10"],
    [10, "10-25"],
    [24.9, "10-25"],
    [25, "25-50"],
    [49.99, "25-50"],
    [50, "50-100"],
    [99.9, "50-100"],
    [100, "100-plus"],
    [2800, "100-plus"],
  ] as const)("%f miles is %s", (miles, bucket) => {
    expect(DISTANCE_BUCKETS[bucketIndexOf(miles)]).toBe(bucket);
  });

  it("labels every band in words, with no exact figure", () => {
    expect(Object.values(BUCKET_LABELS)).toEqual([
      "Under 10 mi away",
      "10–25 mi away",
      "25–50 mi away",
      "50–100 mi away",
      "100+ mi away",
    ]);
  });

  it("offers only the fixed radii", () => {
    expect(DISTANCE_RADII).toEqual([10, 25, 50, 100, 250, 500]);
  });
});
