import { describe, expect, it } from "vitest";
import { type CityRow, cityIndex, createCityIndex, foldText } from "./city-index";

const ROWS: CityRow[] = [
  ["Springfield", "IL", "Sangamon County", 39.78, -89.65, 114_394],
  ["Springfield", "MO", "Greene County", 37.21, -93.29, 166_810],
  ["Springfield", "MA", "Hampden County", 42.1, -72.59, 153_606],
  ["West Springfield", "MA", "Hampden County", 42.11, -72.65, 28_391],
  ["Springdale", "AR", "Washington County", 36.19, -94.13, 84_161],
  ["San José", "CA", "Santa Clara County", 37.34, -121.89, 1_026_908],
  ["Cañon City", "CO", "Fremont County", 38.44, -105.24, 16_400],
  ["São Tomé", "NM", "Test County", 35, -106, 0],
  ["Saint Louis", "MO", "St. Louis city", 38.63, -90.2, 319_294],
  ["East Saint Louis", "IL", "St. Clair County", 38.62, -90.15, 26_047],
  ["O Fallon", "MO", "St. Charles County", 38.79, -90.7, 85_040],
  ["Winston-Salem", "NC", "Forsyth County", 36.1, -80.24, 229_617],
  ["Portland", "OR", "Multnomah County", 45.52, -122.68, 632_309],
  ["Portland", "ME", "Cumberland County", 43.66, -70.26, 66_214],
  ["Washington", "DC", "District of Columbia", 38.9, -77.02, 601_723],
  ...Array.from(
    { length: 15 },
    (_, i): CityRow => [
      `Lake Town ${String(i).padStart(2, "0")}`,
      "MN",
      "Hennepin County",
      45,
      -93,
      0,
    ],
  ),
];
const index = createCityIndex(ROWS);
const labels = (query: string) => index.search(query).map((item) => `${item.city}, ${item.state}`);

describe("foldText", () => {
  it.each([
    ["San José", "san jose"],
    ["CAÑON CITY", "canon city"],
    ["São Tomé", "sao tome"],
    ["O'Fallon", "ofallon"],
    ["Winston-Salem", "winston salem"],
    ["  St.  Louis ", "st louis"],
  ])("%j → %j", (text, folded) => expect(foldText(text)).toBe(folded));
});

describe("CityIndex.search", () => {
  it("puts names starting with the text before names containing it, each biggest first", () => {
    expect(labels("spring")).toEqual([
      "Springfield, MO",
      "Springfield, MA",
      "Springfield, IL",
      "Springdale, AR",
      "West Springfield, MA",
    ]);
  });

  describe("ranks by population (GeoNames), then by name and state", () => {
    const brooklyn = createCityIndex([
      ["Brookland", "AR", "Craighead County", 35.9, -90.58, 2977],
      ["Brooklandville", "MD", "Baltimore County", 39.42, -76.67, 0],
      ["Brooklet", "GA", "Bulloch County", 32.38, -81.66, 1457],
      ["Brookline", "MA", "Norfolk County", 42.33, -71.13, 58_732],
      ["Brooklyn", "AL", "Conecuh County", 31.26, -86.77, 0],
      ["Brooklyn", "CT", "Windham County", 41.79, -71.95, 0],
      ["Brooklyn", "IA", "Poweshiek County", 41.73, -92.45, 1420],
      ["Brooklyn", "MI", "Jackson County", 42.1, -84.25, 1198],
      ["Brooklyn", "NY", "Kings County", 40.65, -73.95, 2_300_664],
      ["Brooklyn Park", "MN", "Hennepin County", 45.09, -93.36, 79_149],
      ["Kent", "CT", "Litchfield County", 41.72, -73.45, 0],
      ...Array.from(
        { length: 12 },
        (_, i): CityRow => [`Kentwood ${i}`, "MI", "Kent County", 42.87, -85.64, 50_000 + i],
      ),
    ]);
    const ranked = (query: string) =>
      brooklyn.search(query).map((item) => `${item.city}, ${item.state}`);

    it("offers the biggest place for a prefix first: 'Brookl' → Brooklyn, NY", () => {
      expect(ranked("Brookl")).toEqual([
        "Brooklyn, NY",
        "Brooklyn Park, MN",
        "Brookline, MA",
        "Brookland, AR",
        "Brooklet, GA",
        "Brooklyn, IA",
        "Brooklyn, MI",
        "Brooklandville, MD",
        "Brooklyn, AL",
        "Brooklyn, CT",
      ]);
    });

    it("lists Brooklyn, NY before the other states' Brooklyns", () => {
      expect(ranked("Brooklyn")[0]).toBe("Brooklyn, NY");
      expect(ranked("brooklyn ct")).toEqual(["Brooklyn, CT"]);
    });

    it("still finds a small town named exactly as typed among bigger places that start so", () => {
      const kent = ranked("kent");
      expect(kent).toHaveLength(10);
      expect(kent).toContain("Kent, CT");
      expect(kent[0]).toBe("Kentwood 11, MI");
      expect(ranked("brooklandville")).toEqual(["Brooklandville, MD"]);
    });
  });

  it.each([
    ["SPRINGFIELD", "Springfield, MO"],
    ["springfield", "Springfield, MO"],
    ["san jose", "San José, CA"],
    ["San José", "San José, CA"],
    ["canon", "Cañon City, CO"],
    ["Cañon City", "Cañon City, CO"],
    ["sao", "São Tomé, NM"],
    ["São", "São Tomé, NM"],
    ["o'fallon", "O Fallon, MO"],
    ["ofallon", "O Fallon, MO"],
    ["winston salem", "Winston-Salem, NC"],
    ["st louis", "Saint Louis, MO"],
    ["st. louis", "Saint Louis, MO"],
    ["washington, d.c.", "Washington, DC"],
  ])("ignores case, accents and punctuation: %j finds %s first", (query, first) => {
    expect(labels(query)[0]).toBe(first);
  });

  it.each([
    ["springfield, il", ["Springfield, IL"]],
    ["springfield il", ["Springfield, IL"]],
    ["Springfield, MA", ["Springfield, MA", "West Springfield, MA"]],
    ["springfield massachusetts", ["Springfield, MA", "West Springfield, MA"]],
    ["portland oregon", ["Portland, OR"]],
    ["portland, m", ["Portland, ME"]],
    ["washington district of columbia", ["Washington, DC"]],
    ["springfield, zz", []],
  ])("filters by a state after the city: %j → %j", (query, expected) => {
    expect(labels(query)).toEqual(expected);
  });

  it("still reads a trailing state-like word as part of a name when a name starts so", () => {
    const withLa = createCityIndex([
      ["North Las Vegas", "NV", "Clark County", 36.2, -115.12, 216_961],
      ["North Lake", "LA", "Test Parish", 30, -91, 0],
    ]);
    expect(withLa.search("north la").map((item) => item.city)).toEqual([
      "North Las Vegas",
      "North Lake",
    ]);
  });

  it("answers at most 10 items", () => {
    expect(index.search("lake town")).toHaveLength(10);
    expect(index.search("lake town", 3)).toHaveLength(3);
    expect(labels("town")[0]).toBe("Lake Town 00, MN");
  });

  it.each(["", "s", " s ", "!!", "é"])("answers nothing under two characters: %j", (query) => {
    expect(index.search(query)).toEqual([]);
  });

  it("answers nothing for a miss, and the full item for a hit", () => {
    expect(index.search("zzzz")).toEqual([]);
    expect(index.search("portland, or")).toEqual([
      { city: "Portland", state: "OR", county: "Multnomah County", lat: 45.52, lng: -122.68 },
    ]);
  });
});

describe("the shipped US index", () => {
  const us = cityIndex();

  it("holds about 29,500 places", () => {
    expect(us.size).toBeGreaterThan(29_000);
    expect(us.size).toBeLessThan(30_000);
  });

  it.each([
    ["springfield, il", "Springfield", "IL", "Sangamon County"],
    ["new york ny", "New York", "NY", "New York County"],
    ["Cañon City", "Canon City", "CO", "Fremont County"],
    ["anchorage", "Anchorage", "AK", "Anchorage Municipality"],
    ["new orleans", "New Orleans", "LA", "Orleans Parish"],
    ["washington, dc", "Washington", "DC", "District of Columbia"],
    ["ft worth", "Fort Worth", "TX", "Tarrant County"],
    ["brookl", "Brooklyn", "NY", "Kings County"],
    ["Brooklyn", "Brooklyn", "NY", "Kings County"],
    ["portland", "Portland", "OR", "Multnomah County"],
    ["spring", "Springfield", "MO", "Greene County"],
  ])("%j → %s, %s (%s)", (query, city, state, county) => {
    expect(us.search(query)[0]).toMatchObject({ city, state, county });
  });
});
