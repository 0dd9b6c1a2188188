import { describe, expect, it } from "vitest";
import { type LocalProfile, matchesLocally } from "./local-search";
import type { SearchFilters } from "./search-filters";

const ada: LocalProfile = {
  fullName: "Ada Lovelace",
  handle: "ada",
  username: "countess",
  about: "Enchantress of numbers",
  state: "Vermont",
  city: "Burlington, VT",
  age: 36,
  height: "5'6\"",
  kids: "3",
};
const unknown: LocalProfile = {
  ...ada,
  fullName: "Nobody Known",
  username: null,
  handle: "nobody",
  about: null,
  age: null,
  height: null,
  kids: null,
};

describe("matchesLocally (spec-2 §4, §5)", () => {
  it.each<[string, SearchFilters, LocalProfile, boolean]>([
    ["no filters", {}, ada, true],
    ["text in the full name, any case", { q: "LOVE" }, ada, true],
    ["text in the username", { q: "count" }, ada, true],
    ["text in about", { q: "numbers" }, ada, true],
    ["text nowhere", { q: "babbage" }, ada, false],
    ["the handle when there is no username", { q: "nobo" }, unknown, true],
    ["age inside the range", { ageMin: 30, ageMax: 40 }, ada, true],
    ["age outside the range", { ageMin: 37 }, ada, false],
    ["a missing age is kept", { ageMin: 90 }, unknown, true],
    ["height parsed from 5'6\" (66 in)", { heightMin: 66, heightMax: 66 }, ada, true],
    ["height below the range", { heightMin: 67 }, ada, false],
    ["a missing height is kept", { heightMax: 50 }, unknown, true],
    ["kids inside the range", { kidsMin: 3, kidsMax: 3 }, ada, true],
    ["kids outside the range", { kidsMax: 2 }, ada, false],
    ["missing kids are kept", { kidsMin: 5 }, unknown, true],
    ["state equal", { state: "Vermont" }, ada, true],
    ["state different", { state: "Maine" }, ada, false],
    ["city contains", { city: "burlington" }, ada, true],
  ])("%s", (_label, filters, profile, expected) => {
    expect(matchesLocally(profile, filters)).toBe(expected);
  });
});
