import { describe, expect, it } from "vitest";
import { formatYearlyPrice, priceTier } from "./price-tiers";

describe("priceTier (spec-2 §9)", () => {
  it.each([
    ["a", "username_1_5", 30],
    ["abcde", "username_1_5", 30],
    ["abcdef", "username_6_10", 20],
    ["abcdefghij", "username_6_10", 20],
    ["abcdefghijk", "username_11_15", 10],
    ["abcdefghijklmno", "username_11_15", 10],
  ])("%s → %s at $%i", (name, key, price) => {
    expect(priceTier(name)).toMatchObject({ lookupKey: key, yearlyUsd: price });
  });

  it.each(["", "abcdefghijklmnop"])("%j has no tier", (name) => expect(priceTier(name)).toBeNull());

  it("formats the yearly price", () => {
    expect(formatYearlyPrice(priceTier("abc") as NonNullable<ReturnType<typeof priceTier>>)).toBe(
      "$30/year",
    );
  });
});
