import { describe, expect, it } from "vitest";
import { normalizeUsername, usernameProblem } from "./username";

describe("usernameProblem (spec-2 §5)", () => {
  it.each([
    ["ada", null],
    ["a", null],
    ["ada.l-o_v3", null],
    ["  Ada  ", null],
    ["@ada", null],
    ["abcdefghijklmno", null],
    ["abcdefghijklmnop", "length"],
    ["", "required"],
    ["   ", "required"],
    ["ada lovelace", "invalid"],
    ["adá", "invalid"],
    ["ada!", "invalid"],
    ["admin", "reserved"],
    ["mail", "reserved"],
    ["signup", "reserved"],
    ["www", "reserved"],
    ["support", "reserved"],
  ])("%j → %s", (raw, problem) => expect(usernameProblem(raw)).toBe(problem));

  it("normalizes by trimming, dropping a leading @ and lower-casing", () => {
    expect(normalizeUsername("  @Ada.L ")).toBe("ada.l");
  });
});
