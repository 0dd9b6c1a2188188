import { describe, expect, it } from "vitest";
import {
  HEIGHT_MAX_INCHES,
  HEIGHT_MIN_INCHES,
  HEIGHTS,
  heightToInches,
  inchesToHeight,
} from "./height";

describe("heights (spec-2 §3: 4'0\" to 7'0\")", () => {
  it("lists 37 choices from 4'0\" to 7'0\"", () => {
    expect(HEIGHTS).toHaveLength(37);
    expect(HEIGHTS[0]).toBe("4'0\"");
    expect(HEIGHTS[12]).toBe("5'0\"");
    expect(HEIGHTS.at(-1)).toBe("7'0\"");
    expect(new Set(HEIGHTS).size).toBe(HEIGHTS.length);
  });

  it.each([
    [48, "4'0\""],
    [59, "4'11\""],
    [70, "5'10\""],
    [72, "6'0\""],
    [84, "7'0\""],
  ])("inchesToHeight(%i) → %s", (inches, text) => expect(inchesToHeight(inches)).toBe(text));

  it.each([
    ["5'10\"", 70],
    ["5' 10\"", 70],
    ["5'10", 70],
    [" 6'2\" ", 74],
    ["6'", 72],
    ["5’10”", 70],
    ["5'10''", 70],
    ["5'12\"", null],
    ["510", null],
    ["tall", null],
    ["", null],
  ])("heightToInches(%j) → %s", (text, inches) => expect(heightToInches(text)).toBe(inches));

  it("round-trips every choice and every inch of the filter range", () => {
    for (const height of HEIGHTS) {
      const inches = heightToInches(height);
      expect(inches).not.toBeNull();
      expect(inchesToHeight(inches as number)).toBe(height);
    }
    for (let inches = HEIGHT_MIN_INCHES; inches <= HEIGHT_MAX_INCHES; inches++) {
      expect(heightToInches(inchesToHeight(inches))).toBe(inches);
    }
  });
});
