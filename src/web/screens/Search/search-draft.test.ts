import { beforeAll, describe, expect, it } from "vitest";
import { loadProfileLists } from "../../../domain/enums/profile-options";
import type { SearchFilters } from "../../../domain/search-filters";
import { searchFiltersSchema } from "../../../domain/search-filters-schema";
import { canonicalQuery, draftFromQuery, placeOf, queryFromDraft } from "./search-draft";

let schema: ReturnType<typeof searchFiltersSchema>;
beforeAll(async () => {
  schema = searchFiltersSchema(await loadProfileLists());
});

describe("the search page's URL (spec-2 §3)", () => {
  it.each<[string, string]>([
    ["state=Vermont&ageMin=30&ageMax=40", "state=Vermont&ageMin=30&ageMax=40"],
    ["ageMax=40&state=Vermont&utm_source=mail", "state=Vermont&ageMax=40"],
    ["zodiac=Leo&zodiac=Aries", "zodiac=Leo&zodiac=Aries"],
    ["", ""],
  ])("%s is the search %s", (query, canonical) => {
    expect(canonicalQuery(new URLSearchParams(query))).toBe(canonical);
  });

  it.each<[SearchFilters, string]>([
    [{}, "sort=name"],
    [{ sort: "name" }, "sort=name"],
    [{ q: "  ada ", sort: "name" }, "q=ada"],
    [{ university: " ", gender: "Female" }, "gender=Female"],
    [{ sort: "newest", zodiac: ["Leo", "Aries"] }, "zodiac=Leo&zodiac=Aries&sort=newest"],
    [
      { city: "Boston, MA", withinMiles: 25, sort: "distance" },
      "city=Boston%2C+MA&withinMiles=25&sort=distance",
    ],
  ])("Search with %j writes %s", (draft, query) => {
    expect(queryFromDraft(draft)).toBe(query);
  });

  it.each<[string, SearchFilters]>([
    ["state=Vermont&ageMin=30&ageMax=40", { state: "Vermont", ageMin: 30, ageMax: 40 }],
    // A value the lists refuse is left out; the server's message names it.
    ["gender=Robot&state=Vermont", { state: "Vermont" }],
    // Values wrong only together stay as typed, for the server to report.
    ["ageMin=50&ageMax=20", { ageMin: 50, ageMax: 20 }],
    ["withinMiles=25", { withinMiles: 25 }],
    [
      "heightMin=60&kidsMax=2&race=Asian,African",
      { heightMin: 60, kidsMax: 2, race: ["Asian", "African"] },
    ],
  ])("the panel shows %s as %j", (query, draft) => {
    expect(draftFromQuery(schema, new URLSearchParams(query))).toEqual(draft);
  });

  it("round-trips a draft through the URL", () => {
    const draft: SearchFilters = {
      q: "ada",
      state: "Vermont",
      heightMax: 70,
      zodiac: ["Leo"],
      sort: "newest",
    };
    expect(draftFromQuery(schema, new URLSearchParams(queryFromDraft(draft)))).toEqual(draft);
  });

  it.each([
    ["Boston, MA", { city: "Boston", state: "MA" }],
    ["Winston-Salem, NC", { city: "Winston-Salem", state: "NC" }],
    ["Boston", null],
    [undefined, null],
  ])("the city field shows %s as %j", (label, place) => {
    expect(placeOf(label)).toEqual(place);
  });
});
