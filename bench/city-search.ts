// Latency of the US city autocomplete index (spec-2 §2): 1,000 mixed queries — prefixes of real
// city names (2–8 characters), with and without a state, with accents, and misses — against the
// in-memory index. Prints the load time, median, p99 and max per query in ms, and whether a warm
// query stays under 5 ms on average.
//   node --import tsx bench/city-search.ts
import { readFileSync } from "node:fs";
import { type CityRow, createCityIndex } from "../src/server/modules/cities/city-index";
import { random } from "./lib/stats";

const QUERIES = 1000;
const DATA = new URL("../src/server/modules/cities/data/us-cities.json", import.meta.url);

const ACCENTED: Record<string, string> = { a: "á", e: "é", i: "í", o: "ó", u: "ú", n: "ñ", c: "ç" };

function makeQueries(rows: readonly CityRow[], next: () => number): string[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const queries: string[] = [];
  while (queries.length < QUERIES) {
    const [city, state] = pick(rows);
    const prefix = city.slice(0, 2 + Math.floor(next() * 7));
    const kind = next();
    if (kind < 0.4) queries.push(prefix.toLowerCase());
    else if (kind < 0.55) queries.push(`${city}, ${state}`);
    else if (kind < 0.7) queries.push(`${prefix} ${state.toLowerCase()}`);
    else if (kind < 0.85) queries.push(prefix.replace(/[aeioucn]/g, (ch) => ACCENTED[ch] ?? ch));
    else {
      const letters = "bcdfghjklmnpqrstvwxz";
      queries.push(
        Array.from({ length: 3 + Math.floor(next() * 6) }, () => pick([...letters])).join(""),
      );
    }
  }
  return queries;
}

/** The autocomplete answers as a person types: a query must cost the server far less than the
 * time between keystrokes (docs/performance.md "Commands"). */
const TARGET_AVERAGE_MS = 5;
const ms = (value: number) => value.toFixed(3);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

const loadStarted = performance.now();
const rows = JSON.parse(readFileSync(DATA, "utf8")) as CityRow[];
const index = createCityIndex(rows);
const loadMs = performance.now() - loadStarted;

const queries = makeQueries(rows, random(20_250_601));

/** One pass over the queries: per-query times, sorted, and how many found something. */
function run() {
  const times: number[] = [];
  let hits = 0;
  for (const query of queries) {
    const started = performance.now();
    const items = index.search(query);
    times.push(performance.now() - started);
    if (items.length > 0) hits++;
  }
  return { times: times.sort((a, b) => a - b), hits };
}

const report = (label: string, times: number[]) =>
  console.log(
    `${label}: median ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, max ${ms(times.at(-1) ?? 0)} ms`,
  );

console.log(`places: ${index.size}, index built in ${loadMs.toFixed(0)} ms`);
// The first pass includes the JIT warming up, as the first requests after a start would.
const cold = run();
console.log(`queries: ${queries.length} (${cold.hits} with results)`);
report("first pass (cold)", cold.times);
const warm = run().times;
report("second pass (warm)", warm);
const average = warm.reduce((sum, t) => sum + t, 0) / warm.length;
console.log(
  `target: under ${TARGET_AVERAGE_MS} ms a query on average once warm: ${ms(average)} ms, ${average < TARGET_AVERAGE_MS ? "met" : "MISSED"}`,
);
