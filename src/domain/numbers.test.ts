import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers";

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1000, "1,000"],
    [12345, "12,345"],
    [1234567, "1,234,567"],
    [-1234, "-1,234"],
    [1234.5, "1,234.5"],
  ])("%d → %s", (n, text) => expect(formatCount(n)).toBe(text));

  it("equals Intl's en-US grouping for whole numbers", () => {
    for (let n = 1; n < 1e13; n = n * 7 + 3) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
