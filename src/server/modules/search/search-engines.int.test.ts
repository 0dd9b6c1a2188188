// The two search engines answer alike (docs/search.md "Search engines"): on one database of
// seeded profiles — attributes from small lists so filters meet, every audience and some invalid
// stored ones, demographic search off for some, suspensions, names shared by several people,
// towns small enough to be coarsened, ages past the search's 100 — hundreds of random searches
// (filters, text, radii, the three orders, friends and blocks) are asked of the in-memory index
// and of PostgreSQL, each paged to its end by its own cursors: the same people in the same order,
// the same bands and counts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIENCE_ATTRIBUTES } from "../../../domain/audiences";
import { DISTANCE_RADII, type SearchSort } from "../../../domain/search-fields";
import type { SearchFilters } from "../../../domain/search-filters";
import type { Database } from "../../db/client";
import { random } from "../../test-support/random";
import { createTestDatabase } from "../../test-support/test-db";
import { cityAreas } from "../cities/city-areas";
import { cityIndex } from "../cities/city-index";
import type { SearchEngine } from "./engine";
import { ProfileIndexFeed } from "./index/index-feed";
import type { IndexCursor, IndexQuery } from "./index/types";
import { PostgresSearch } from "./sql/sql-engine";

const PEOPLE = 420;
const SEARCHES = 400;
const PAGE = 9;
const rand = random(54);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const maybe = <T>(share: number, value: () => T): T | null => (rand() < share ? value() : null);

/** Chicago holds more than 50 people (its own point); the small towns are coarsened. */
const CITIES = [
  ...Array(8).fill("Chicago, IL"),
  "Springfield, IL",
  "Moweaqua, IL",
  "Shelbyville, IL",
  "Decatur, IL",
  "Boston, MA",
  "Cambridge, MA",
  "Burlington, VT",
].map((label) => {
  const found = cityIndex()
    .search(label, 5)
    .find((c) => `${c.city}, ${c.state}` === label);
  if (!found) throw new Error(`no city ${label}`);
  return { label, ...found };
});
const NAMES = ["ann lee", "Ann Lee", "bo tran", "Cy Anders", "dee ramos", "Eve Ng", "Joanna Li"];
const LISTS = {
  gender: ["Female", "Male", "Non-binary"],
  zodiac: ["Leo", "Aries", "Virgo"],
  race: ["Asian", "European", "Hispanic"],
  sexuality: ["Bisexual", "Straight", "Gay"],
  religion: ["Buddhist", "Christian"],
  university: ["Columbia University", "Ohio State University", "Penn State"],
  militaryBase: ["Fort Bragg", "Naval Station Norfolk"],
  occupation: ["Engineer", "Teacher"],
};
const AUDIENCE_CHOICES = ["everyone", "friends", "only_me", "nobody", null] as const;

let database: Database;
let memory: ProfileIndexFeed;
let postgres: PostgresSearch;
const ids: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (let i = 0; i < PEOPLE; i++) {
    const id = `u${String(i).padStart(4, "0")}${pick(["a", "b"])}`;
    ids.push(id);
    const city = maybe(0.8, () => pick(CITIES));
    const audiences = Object.fromEntries(
      AUDIENCE_ATTRIBUTES.flatMap((key) => {
        const chosen = pick(AUDIENCE_CHOICES);
        return chosen === null ? [] : [[key, chosen]];
      }),
    );
    // Some share a creation time to the microsecond, so the newest order's ties fall to the id.
    const created = `2026-01-01T00:00:00Z`;
    const offset = `${Math.floor(rand() * 300)} seconds ${Math.floor(rand() * 3)} microseconds`;
    await db.execute(sql`insert into users (id, name, email, email_verified)
      values (${id}, ${id}, ${`${id}@example.test`}, true)`);
    await db.execute(sql`insert into profiles (user_id, username, default_username, full_name,
        email_address, chtcht_email, created_at, city, city_lat, city_lng, state, county, age,
        gender, zodiac, race, sexuality, religion, university, military_base, occupation,
        height_inches, kids_count, attribute_audiences, demographic_search, suspended_at)
      values (${id}, ${maybe(0.5, () => `${pick(["anna", "bob", "cyd"])}${i}`)}, ${`h${i}`},
        ${pick(NAMES)}, ${`${id}@example.test`}, ${`h${i}@example.test`},
        ${created}::timestamptz + ${offset}::interval,
        ${city?.label ?? null}, ${city?.lat ?? null}, ${city?.lng ?? null},
        ${city ? "Illinois" : maybe(0.5, () => "Vermont")}, ${city?.county ?? null},
        ${maybe(0.8, () => 18 + Math.floor(rand() * 90))}, ${maybe(0.8, () => pick(LISTS.gender))},
        ${maybe(0.7, () => pick(LISTS.zodiac))}, ${maybe(0.6, () => pick(LISTS.race))},
        ${maybe(0.6, () => pick(LISTS.sexuality))}, ${maybe(0.5, () => pick(LISTS.religion))},
        ${maybe(0.4, () => pick(LISTS.university))}, ${maybe(0.3, () => pick(LISTS.militaryBase))},
        ${maybe(0.5, () => pick(LISTS.occupation))}, ${maybe(0.7, () => 58 + Math.floor(rand() * 20))},
        ${maybe(0.7, () => Math.floor(rand() * 5))}, ${JSON.stringify(audiences)}::jsonb,
        ${rand() < 0.85}, ${rand() < 0.05 ? new Date().toISOString() : null})`);
  }
  memory = new ProfileIndexFeed(db);
  postgres = new PostgresSearch(db);
  await memory.start();
  await postgres.start();
});

afterAll(async () => {
  memory?.close();
  postgres?.close();
  await database?.close();
});

/** A random filter object, as the schema would leave it. */
function randomFilters(): SearchFilters {
  const filters: Record<string, unknown> = {};
  const some = (share: number, key: string, value: () => unknown) => {
    if (rand() < share) filters[key] = value();
  };
  some(0.15, "q", () => pick(["ann", "an", "lee", "h1", "NN", "ann lee", "o"]));
  some(0.25, "gender", () => pick(LISTS.gender));
  some(0.15, "zodiac", () => LISTS.zodiac.filter(() => rand() < 0.6));
  some(0.15, "race", () => [pick(LISTS.race)]);
  some(0.15, "sexuality", () => pick(["Bi-sexual", "Straight", "Gay"]));
  some(0.1, "religion", () => pick(LISTS.religion));
  some(0.15, "university", () => pick(["state", "univ", "Penn"]));
  some(0.1, "militaryBase", () => pick(["fort", "NAVAL"]));
  some(0.1, "occupation", () => pick(LISTS.occupation));
  some(0.1, "county", () => pick(["Shelby County", "Cook County"]));
  some(0.1, "state", () => pick(["Illinois", "Vermont"]));
  some(0.2, "ageMin", () => 20 + Math.floor(rand() * 20));
  some(0.2, "ageMax", () => 40 + Math.floor(rand() * 61));
  some(0.1, "heightMin", () => 60);
  some(0.1, "kidsMax", () => 2);
  return filters as SearchFilters;
}

/** Every page of one search from one engine, by its own cursors. */
async function pages(engine: SearchEngine, query: Omit<IndexQuery, "after" | "countUpTo">) {
  const people: string[] = [];
  const bands: (number | null)[] = [];
  let after: IndexCursor | null = null;
  let count: number | null = null;
  for (let page = 0; page < 12; page++) {
    const found = await engine.page({ ...query, after, countUpTo: after ? null : 1001 });
    if (!after) count = found.count;
    const shown = found.hits.slice(0, query.take - 1);
    for (const hit of shown) {
      people.push(hit.userId);
      bands.push(hit.band);
    }
    const last = shown.at(-1);
    if (found.hits.length < query.take || !last) break;
    after = { key: last.key, id: last.userId };
  }
  return { people, bands, count };
}

describe("the memory and PostgreSQL engines", () => {
  it("answer every search alike: people, order, bands and counts", {
    timeout: 120_000,
  }, async () => {
    let matched = 0;
    for (let i = 0; i < SEARCHES; i++) {
      const filters = randomFilters();
      const sort = pick<SearchSort>(["name", "newest", "distance"]);
      const around = sort === "distance" || rand() < 0.25 ? pick(CITIES) : null;
      if (around) {
        filters.city = around.label;
        if (sort !== "distance" || rand() < 0.6) filters.withinMiles = pick(DISTANCE_RADII);
      }
      filters.sort = sort;
      const friends = new Set(ids.filter(() => rand() < 0.3));
      const query = {
        filters,
        place: around ? { lat: around.lat, lng: around.lng } : null,
        areas: cityAreas(),
        sort: around ? sort : sort === "distance" ? "name" : sort,
        excluded: new Set(ids.filter(() => rand() < 0.05)),
        viewer: { id: pick(ids), friends },
        take: PAGE + 1,
      } satisfies Omit<IndexQuery, "after" | "countUpTo">;
      const fromMemory = await pages(memory, query);
      const fromPostgres = await pages(postgres, query);
      expect(fromPostgres, JSON.stringify(filters)).toEqual(fromMemory);
      if (fromMemory.people.length > 0) matched++;
    }
    // The searches are not all empty: most find someone, many fill several pages.
    expect(matched).toBeGreaterThan(SEARCHES / 2);
  });

  it("see a change committed before the search, in the attributes and in where a place is placed", async () => {
    const { db } = database;
    const query = {
      filters: { city: "Boston, MA", sort: "distance" } as SearchFilters,
      place: { lat: CITIES[12]?.lat ?? 0, lng: CITIES[12]?.lng ?? 0 },
      areas: cityAreas(),
      sort: "distance" as const,
      excluded: new Set<string>(),
      viewer: { id: "nobody", friends: new Set<string>() },
      take: PAGE + 1,
    };
    const before = await pages(postgres, query);
    await db.execute(sql`update profiles set city = 'Boston, MA', city_lat = ${CITIES[12]?.lat},
      city_lng = ${CITIES[12]?.lng}, attribute_audiences = '{}', demographic_search = true,
      suspended_at = null where user_id = ${ids[0]}`);
    const after = await pages(postgres, query);
    expect(after.people).toContain(ids[0]);
    expect(after.count).toBe(
      (before.count ?? 0) + (before.people.includes(ids[0] as string) ? 0 : 1),
    );
    expect(after).toEqual(await pages(memory, query));
  });
});
