import { describe, expect, it } from "vitest";
import { type CityRow, cityIndex, createCityIndex, foldText } from "./city-index";

const ROWS: CityRow[] = [
  ["Springfield", "IL", "Sangamon County", 39.78, -89.65],
  ["Springfield", "MO", "Greene County", 37.21, -93.29],
  ["Springfield", "MA", "Hampden County", 42.1, -72.59],
  ["West Springfield", "MA", "Hampden County", 42.11, -72.65],
  ["Springdale", "AR", "Washington County", 36.19, -94.13],
  ["San José", "CA", "Santa Clara County", 37.34, -121.89],
  ["Cañon City", "CO", "Fremont County", 38.44, -105.24],
  ["São Tomé", "NM", "Test County", 35, -106],
  ["Saint Louis", "MO", "St. Louis city", 38.63, -90.2],
  ["East Saint Louis", "IL", "St. Clair County", 38.62, -90.15],
  ["O Fallon", "MO", "St. Charles County", 38.79, -90.7],
  ["Winston-Salem", "NC", "Forsyth County", 36.1, -80.24],
  ["Portland", "OR", "Multnomah County", 45.52, -122.68],
  ["Portland", "ME", "Cumberland County", 43.66, -70.26],
  ["Washington", "DC", "District of Columbia", 38.9, -77.02],
  ...Array.from(
    { length: 15 },
    (_, i): CityRow => [
      `Lake Town ${String(i).padStart(2, "0")}`,
      "MN",
      "Hennepin County",
      45,
      -93,
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
  it("puts names starting with the text before names containing it, each by city then state", () => {
    expect(labels("spring")).toEqual([
      "Springdale, AR",
      "Springfield, IL",
      "Springfield, MA",
      "Springfield, MO",
      "West Springfield, MA",
    ]);
  });

  it.each([
    ["SPRINGFIELD", "Springfield, IL"],
    ["springfield", "Springfield, IL"],
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
      ["North Las Vegas", "NV", "Clark County", 36.2, -115.12],
      ["North Lake", "LA", "Test Parish", 30, -91],
    ]);
    expect(withLa.search("north la").map((item) => item.city)).toEqual([
      "North Lake",
      "North Las Vegas",
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
  ])("%j → %s, %s (%s)", (query, city, state, county) => {
    expect(us.search(query)[0]).toMatchObject({ city, state, county });
  });

  it("answers within 5 ms a query on average once warm (bench/city-search.ts measures more)", () => {
    const queries = ["sa", "springfield il", "zzzz", "new york", "lake", "st l", "san jose, ca"];
    for (const query of queries) us.search(query);
    const rounds = 20;
    const started = performance.now();
    for (let round = 0; round < rounds; round++) for (const query of queries) us.search(query);
    expect((performance.now() - started) / (rounds * queries.length)).toBeLessThan(5);
  });
});
