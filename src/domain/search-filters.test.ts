import { beforeAll, describe, expect, it } from "vitest";
import { type LoadedProfileLists, loadProfileLists } from "./enums/profile-options";
import { DISTANCE_RADII } from "./search-fields";
import { filtersToQuery, hasFilters, queryToFilterInput } from "./search-filters";
import { searchFiltersSchema } from "./search-filters-schema";

let lists: LoadedProfileLists;
beforeAll(async () => {
  lists = await loadProfileLists();
});

const parse = (query: string) =>
  searchFiltersSchema(lists).safeParse(queryToFilterInput(new URLSearchParams(query)));

describe("search filters in the URL (spec-2 §3)", () => {
  it.each([
    ["state=Vermont&ageMin=30&ageMax=40", { state: "Vermont", ageMin: 30, ageMax: 40 }],
    ["zodiac=Leo&zodiac=Aries", { zodiac: ["Leo", "Aries"] }],
    ["zodiac=Leo,Aries&race=Asian", { zodiac: ["Leo", "Aries"], race: ["Asian"] }],
    [
      "heightMin=60&heightMax=72&kidsMin=0&kidsMax=2",
      { heightMin: 60, heightMax: 72, kidsMin: 0, kidsMax: 2 },
    ],
    [
      "city=Boston%2C+MA&withinMiles=25&sort=distance",
      { city: "Boston, MA", withinMiles: 25, sort: "distance" },
    ],
    [
      "sexuality=Bi-sexual&militaryBase=norfolk&q=%20ada%20",
      { sexuality: "Bi-sexual", militaryBase: "norfolk", q: "ada" },
    ],
    ["state=&gender=", {}],
  ])("%s", (query, expected) => {
    const parsed = parse(query);
    expect(parsed.success && parsed.data).toEqual(expected);
  });

  it.each([
    ["gender=Robot", "gender"],
    ["zodiac=Leo,Unicorn", "zodiac.1"],
    ["ageMin=17", "ageMin"],
    ["ageMin=40&ageMax=30", "ageMax"],
    ["heightMax=90", "heightMax"],
    ["kidsMax=21", "kidsMax"],
    ["withinMiles=4&city=Boston%2C+MA", "withinMiles"],
    ["withinMiles=5&city=Boston%2C+MA", "withinMiles"],
    ["withinMiles=30&city=Boston%2C+MA", "withinMiles"],
    ["withinMiles=10.5&city=Boston%2C+MA", "withinMiles"],
    ["withinMiles=25", "city"],
    ["state=Vermont&county=Cook+County", "county"],
    ["sort=random", "sort"],
    ["country=Atlantis", "country"],
  ])("refuses %s naming %s", (query, field) => {
    const parsed = parse(query);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it.each(DISTANCE_RADII)("takes the fixed radius of %i miles", (miles) => {
    const parsed = parse(`city=Boston%2C+MA&withinMiles=${miles}`);
    expect(parsed.success && parsed.data).toEqual({ city: "Boston, MA", withinMiles: miles });
  });

  it("round-trips a filter object through the URL", () => {
    const filters = {
      q: "ada",
      state: "Vermont",
      ageMin: 30,
      zodiac: ["Leo", "Aries"],
      sort: "newest" as const,
    };
    const again = searchFiltersSchema(lists).parse(queryToFilterInput(filtersToQuery(filters)));
    expect(again).toEqual(filters);
    expect(filtersToQuery(filters).toString()).toBe(
      "q=ada&state=Vermont&ageMin=30&zodiac=Leo&zodiac=Aries&sort=newest",
    );
  });

  it("tells filters from a bare text query", () => {
    expect(hasFilters({ q: "ada", sort: "name" })).toBe(false);
    expect(hasFilters({ ageMin: 30 })).toBe(true);
  });
});
