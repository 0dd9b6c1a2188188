import { describe, expect, it } from "vitest";
import {
  findUsState,
  loadCountiesOf,
  loadCountries,
  loadUsCounties,
  loadUsStates,
} from "./geography";

/** spec-2 §3: about 195 countries; 50 states plus the District of Columbia. */
const COUNTRY_COUNT = 195;
const US_STATE_COUNT = 51;

// Counties and county equivalents per state in the 2020 census (Connecticut by its 8 historical
// counties; Alaska after the 2019 Valdez-Cordova split; Virginia after Bedford city's 2013 merger).
// biome-ignore format: one table
const CENSUS_2020_COUNTIES: Record<string, number> = {
  AL: 67, AK: 30, AZ: 15, AR: 75, CA: 58, CO: 64, CT: 8, DE: 3, DC: 1, FL: 67,
  GA: 159, HI: 5, ID: 44, IL: 102, IN: 92, IA: 99, KS: 105, KY: 120, LA: 64, ME: 16,
  MD: 24, MA: 14, MI: 83, MN: 87, MS: 82, MO: 115, MT: 56, NE: 93, NV: 17, NH: 10,
  NJ: 21, NM: 33, NY: 62, NC: 100, ND: 53, OH: 88, OK: 77, OR: 36, PA: 67, RI: 5,
  SC: 46, SD: 66, TN: 95, TX: 254, UT: 29, VT: 14, VA: 133, WA: 39, WV: 55, WI: 72,
  WY: 23,
};

const duplicates = (values: readonly string[]) =>
  values.filter((value, i) => values.indexOf(value) !== i);

describe("countries", () => {
  it("lists the 193 UN members, Holy See and Palestine: 195 names, sorted, no duplicates", async () => {
    const countries = await loadCountries();
    expect(countries).toHaveLength(COUNTRY_COUNT);
    expect(duplicates(countries)).toEqual([]);
    expect([...countries].sort((a, b) => a.localeCompare(b, "en"))).toEqual(countries);
  });

  it.each(["Holy See", "Palestine", "United States", "South Sudan", "Afghanistan", "Zimbabwe"])(
    "includes %s",
    async (name) => expect(await loadCountries()).toContain(name),
  );

  it.each(["Vatican City", "Kosovo", "Taiwan", "Puerto Rico", "Greenland"])(
    "leaves out %s (not a UN member or observer state)",
    async (name) => expect(await loadCountries()).not.toContain(name),
  );
});

describe("US states", () => {
  it("lists the 50 states and the District of Columbia, spelled correctly", async () => {
    const states = await loadUsStates();
    expect(states).toHaveLength(US_STATE_COUNT);
    expect(new Set(states.map((s) => s.code)).size).toBe(US_STATE_COUNT);
    expect(states).toContainEqual({ code: "DC", name: "District of Columbia" });
    expect(states.map((s) => s.code).sort()).toEqual(Object.keys(CENSUS_2020_COUNTIES).sort());
  });

  it.each([
    ["tx", "TX"],
    ["Texas", "TX"],
    [" district of columbia ", "DC"],
    ["Puerto Rico", null],
    ["", null],
  ])("findUsState(%j) → %s", async (input, code) => {
    expect(findUsState(await loadUsStates(), input)?.code ?? null).toBe(code);
  });
});

describe("US counties", () => {
  it("totals the 3,143 counties of the 2020 census", async () => {
    const counties = await loadUsCounties();
    const total = Object.values(counties).reduce((sum, names) => sum + names.length, 0);
    expect(total).toBe(3143);
    expect(Object.values(CENSUS_2020_COUNTIES).reduce((a, b) => a + b, 0)).toBe(3143);
  });

  it.each(Object.entries(CENSUS_2020_COUNTIES))(
    "%s has %i counties, sorted, no duplicates",
    async (state, count) => {
      const names = (await loadUsCounties())[state] ?? [];
      expect(names).toHaveLength(count);
      expect(duplicates(names)).toEqual([]);
      expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
    },
  );

  it.each([
    ["AL", "Autauga County"],
    ["LA", "Orleans Parish"],
    ["LA", "LaSalle Parish"],
    ["AK", "Anchorage Municipality"],
    ["AK", "Juneau City and Borough"],
    ["AK", "Chugach Census Area"],
    ["AK", "Copper River Census Area"],
    ["AK", "Kusilvak Census Area"],
    ["AK", "Petersburg Borough"],
    ["SD", "Oglala Lakota County"],
    ["NM", "Doña Ana County"],
    ["VA", "Bedford County"],
    ["VA", "Richmond city"],
    ["MD", "Baltimore city"],
    ["CT", "Hartford County"],
    ["DC", "District of Columbia"],
  ])("%s includes %s", async (state, county) => {
    expect(await loadCountiesOf(state)).toContain(county);
  });

  it.each([
    ["AK", "Valdez-Cordova Census Area"],
    ["AK", "Wade Hampton Census Area"],
    ["SD", "Shannon County"],
    ["VA", "Bedford city"],
    ["CT", "Capitol Planning Region"],
  ])("%s no longer includes %s", async (state, county) => {
    expect(await loadCountiesOf(state)).not.toContain(county);
  });

  it("finds a state's counties by name too, and none for an unknown state", async () => {
    expect(await loadCountiesOf("Delaware")).toEqual([
      "Kent County",
      "New Castle County",
      "Sussex County",
    ]);
    expect(await loadCountiesOf("Atlantis")).toEqual([]);
  });
});
