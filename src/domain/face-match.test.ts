import { describe, expect, it } from "vitest";
import { FACE_MATCH_THRESHOLD, faceDistance, facesMatch } from "./face-match";

describe("faceDistance", () => {
  it.each([
    [[0, 0], [3, 4], 5],
    [[1, 2, 3], [1, 2, 3], 0],
    [[0.5], [0.2], 0.3],
  ])("%j to %j is %d", (a, b, expected) => {
    expect(faceDistance(a, b)).toBeCloseTo(expected, 6);
  });

  it("refuses descriptors of different lengths", () => {
    expect(() => faceDistance([1], [1, 2])).toThrow();
  });
});

describe("facesMatch (spec-2 §5: below 0.6)", () => {
  it.each([
    [0, true],
    [0.59, true],
    [FACE_MATCH_THRESHOLD, false],
    [0.8, false],
  ])("distance %d matches: %s", (distance, expected) => {
    expect(facesMatch(distance)).toBe(expected);
  });
});
