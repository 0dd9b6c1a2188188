// In-memory index of US places ('City, ST') behind the city autocomplete (spec-2 §2, §7). Built
// once from data/us-cities.json (scripts/generate-cities.ts). Matching ignores case, accents and
// punctuation, reads 'St'/'Ft'/'Mt' as Saint/Fort/Mount, and understands a trailing state
// ('springfield, il', 'springfield il', 'portland oregon'). Names that start with the text come
// first, then names that contain it further in; each group biggest place first (GeoNames
// population), so 'brookl' offers Brooklyn, NY before Brookland, AR. A place named exactly as
// typed is always offered, however small. Equal populations keep city name, then state order.
import { readFileSync } from "node:fs";
import { CITY_RESULTS_MAX, type CityItem } from "../../../domain/contracts/cities";
import usStates from "../../../domain/enums/data/us-states.json";
import { CITY_QUERY_MIN_SEARCH } from "../../../domain/limits";
import type { CityIndex } from "../../ports/city-index";

/** [city, state code, county, lat, lng, population], as the generated file stores them; population
 * is 0 for places under 1,000 people. */
export type CityRow = readonly [string, string, string, number, number, number];

interface Entry {
  key: string;
  item: CityItem;
  population: number;
}

/** Biggest first; Array#sort is stable, so equal populations keep index order. */
const byPopulation = (a: Entry, b: Entry) => b.population - a.population;

const ABBREVIATIONS: Record<string, string> = {
  st: "saint",
  ste: "sainte",
  ft: "fort",
  mt: "mount",
};

/** Lower-case, accents stripped, apostrophes and periods dropped, other punctuation → space. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The matching key of folded words: abbreviations spelled out and spaces dropped, so 'O'Fallon'
 * finds 'O Fallon' and 'winston salem' finds 'Winston-Salem'. The last word of a query stays as
 * typed, since it may be the start of a longer word ('st' → 'Stamford'). */
function expand(words: string[], keepLast: boolean): string {
  return words
    .map((word, i) => (keepLast && i === words.length - 1 ? word : (ABBREVIATIONS[word] ?? word)))
    .join("");
}

const placeKey = (city: string) => expand(foldText(city).split(" "), false);

const STATES = usStates.map((s) => ({
  code: s.code,
  folded: [s.code.toLowerCase(), foldText(s.name)],
}));

/** State codes a folded text names exactly (code or full name). */
function exactStates(text: string): Set<string> {
  return new Set(STATES.filter((s) => s.folded.includes(text)).map((s) => s.code));
}

/** State codes a folded text starts (code or full name): 'i' → IA, ID, IL, IN. */
function statesStartingWith(text: string): Set<string> {
  return new Set(
    STATES.filter((s) => s.folded.some((name) => name.startsWith(text))).map((s) => s.code),
  );
}

type Mode = "prefix" | "contains";

interface Reading {
  city: string;
  states: Set<string> | null;
}

/** The ways a query can be read: the whole text as a city name, and a city followed by a state
 * (after a comma, or a trailing state code or name). With a comma, only the latter. */
function readings(query: string): { plain: Reading | null; withState: Reading[] } {
  const comma = query.lastIndexOf(",");
  if (comma >= 0) {
    const city = expand(foldText(query.slice(0, comma)).split(" "), true);
    const state = foldText(query.slice(comma + 1));
    const reading = { city, states: state === "" ? null : statesStartingWith(state) };
    return { plain: null, withState: [reading] };
  }
  const words = foldText(query).split(" ");
  const withState: Reading[] = [];
  // A trailing state of up to three words ('district of columbia'), leaving a city before it.
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const states = exactStates(words.slice(-n).join(" "));
    if (states.size > 0) withState.push({ city: expand(words.slice(0, -n), false), states });
  }
  return { plain: { city: expand(words, true), states: null }, withState };
}

export function createCityIndex(rows: readonly CityRow[]): CityIndex {
  const entries: Entry[] = rows
    .map(([city, state, county, lat, lng, population]) => ({
      key: placeKey(city),
      item: { city, state, county, lat, lng },
      population,
    }))
    .sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.item.state.localeCompare(b.item.state),
    );

  // Every key in index order, one string: a single indexOf finds the next entry containing the
  // text far faster than a call per entry. starts[i] is where entry i's key begins.
  const haystack = entries.map((entry) => entry.key).join("\n");
  const starts: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    starts.push(offset);
    offset += entry.key.length + 1;
  }

  /** First entry whose key is >= the prefix. */
  function lowerBound(prefix: string): number {
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((entries[mid] as Entry).key < prefix) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The entry whose key covers a haystack position. */
  function entryAt(position: number): number {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((starts[mid] as number) <= position) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  const accepts = (reading: Reading, entry: Entry) =>
    reading.states === null || reading.states.has(entry.item.state);

  /** The entries whose names start with the reading's city, in index order. */
  function prefixMatches(reading: Reading): Entry[] {
    const { city } = reading;
    const matches: Entry[] = [];
    for (let i = lowerBound(city); i < entries.length; i++) {
      const entry = entries[i] as Entry;
      if (!entry.key.startsWith(city)) break;
      if (accepts(reading, entry)) matches.push(entry);
    }
    return matches;
  }

  /** The entries whose names contain the city further in, in index order. */
  function containsMatches(reading: Reading): Entry[] {
    const { city } = reading;
    const matches: Entry[] = [];
    let position = haystack.indexOf(city);
    while (position >= 0) {
      const i = entryAt(position);
      const entry = entries[i] as Entry;
      if (position > (starts[i] as number) && accepts(reading, entry)) matches.push(entry);
      // Go on from the next entry: one hit per entry is enough.
      const next = starts[i + 1];
      position = next === undefined ? -1 : haystack.indexOf(city, next);
    }
    return matches;
  }

  /** Up to `room` of the matches, biggest first, keeping every place named exactly as typed. */
  function biggest(matches: Entry[], exactKey: string, room: number): Entry[] {
    const ranked = matches.sort(byPopulation);
    const exact = ranked.filter((entry) => entry.key === exactKey).slice(0, room);
    const others = ranked.filter((entry) => entry.key !== exactKey);
    return [...exact, ...others.slice(0, room - exact.length)].sort(byPopulation);
  }

  return {
    size: entries.length,
    search(query, limit = CITY_RESULTS_MAX) {
      if (foldText(query).replaceAll(" ", "").length < CITY_QUERY_MIN_SEARCH) return [];
      const { plain, withState } = readings(query);
      // Text that starts a real name ('north la' → North Las Vegas) is read as a name first;
      // then a trailing state ('springfield il'); then names containing the text.
      const phases: (readonly [Reading, Mode])[] = [
        ...(plain ? [[plain, "prefix"] as const] : []),
        ...withState.map((r) => [r, "prefix"] as const),
        ...withState.map((r) => [r, "contains"] as const),
        ...(plain ? [[plain, "contains"] as const] : []),
      ];
      const found = new Set<Entry>();
      for (const [reading, mode] of phases) {
        if (reading.city.length === 0 || found.size >= limit) continue;
        const matches = mode === "prefix" ? prefixMatches(reading) : containsMatches(reading);
        const fresh = matches.filter((entry) => !found.has(entry));
        for (const entry of biggest(fresh, reading.city, limit - found.size)) found.add(entry);
      }
      return [...found].map((entry) => ({ ...entry.item }));
    },
  };
}

const DATA_FILE = new URL("./data/us-cities.json", import.meta.url);
let rows: readonly CityRow[] | undefined;
let shared: CityIndex | undefined;

/** Every US place as the generated file stores it, read from disk on first use and kept. */
export function cityRows(): readonly CityRow[] {
  rows ??= JSON.parse(readFileSync(DATA_FILE, "utf8")) as CityRow[];
  return rows;
}

const builtIndex = () => {
  shared ??= createCityIndex(cityRows());
  return shared;
};

/** The index of every US place, read from disk and built at its first use (about 90 ms, which a
 * start need not pay: docs/performance.md "Start-up") and kept. */
export function cityIndex(): CityIndex {
  return {
    get size() {
      return builtIndex().size;
    },
    search: (query, limit) => builtIndex().search(query, limit),
  };
}
