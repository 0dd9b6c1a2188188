// The profile index against a plain reference (docs/search.md "Profile index"): random profiles,
// random changes, random filter objects; every page, followed by cursor in small pages, and every
// count must equal filtering and sorting the same profiles in the obvious way. Both ways of
// answering (walking the order, checking the rarest filter's lists) are reached by the mix. By
// distance the reference places each city as docs/search.md "Distance" says (its county's or
// state's centre below 50 searchable people) and sorts by band, then name.
import { describe, expect, it } from "vitest";
import {
  type AttributeKey,
  AUDIENCE_ATTRIBUTES,
  AUDIENCES,
  type Audience,
  audiencesOf,
  mayView,
} from "../../../../domain/audiences";
import { bucketIndexOf } from "../../../../domain/distance-buckets";
import { sexualitiesMatching } from "../../../../domain/enums/personal";
import type { SearchSort } from "../../../../domain/search-fields";
import type { SearchFilters } from "../../../../domain/search-filters";
import { random } from "../../../test-support/random";
import { createCityAreas } from "../../cities/city-areas";
import type { CityRow } from "../../cities/city-index";
import { milesBetween, type Point } from "../../cities/distance";
import { BadDistanceCursor } from "./index-distance";
import { searchIndex } from "./index-query";
import { type IndexedProfile, ProfileIndex } from "./profile-index";
import { trigramsOf } from "./trigrams";
import type { IndexCursor } from "./types";

const PLACES: (Point & { city: string; state: string; county: string })[] = [
  { city: "Boston", state: "MA", county: "Suffolk", lat: 42.3584, lng: -71.0598 },
  { city: "Cambridge", state: "MA", county: "Suffolk", lat: 42.3751, lng: -71.1056 },
  { city: "New York", state: "NY", county: "Kings", lat: 40.7143, lng: -74.006 },
  { city: "Burlington", state: "VT", county: "Chittenden", lat: 44.4759, lng: -73.2121 },
  { city: "Springfield", state: "MA", county: "Hampden", lat: 42.1015, lng: -72.5898 },
];
/** The city table for these places, with a few more that nobody lives in, so every county and
 * state centre is somewhere else than its cities. */
const AREAS = createCityAreas([
  ...PLACES.map((p): CityRow => [p.city, p.state, `${p.county} County`, p.lat, p.lng, 0]),
  ["Winthrop", "MA", "Suffolk County", 42.3751, -70.9828, 0],
  ["Holyoke", "MA", "Hampden County", 42.2043, -72.6162, 0],
  ["Pittsfield", "MA", "Berkshire County", 42.4501, -73.2454, 0],
  ["Albany", "NY", "Albany County", 42.6526, -73.7562, 0],
  ["Rutland", "VT", "Rutland County", 43.6106, -72.9726, 0],
]);
const CROWD = 50;
const FIRST = ["Ann", "Joanne", "Bob", "Leanne", "Zoë", "anna", "Ben", "Élise"];
const LAST = ["Smith", "Hannah", "Lee", "Ng", "O'Brien", "Stanley"];

function makeProfile(rand: () => number, id: string): IndexedProfile {
  const pick = <T>(values: readonly T[], unset = 0.4): T | null =>
    rand() < unset ? null : (values[Math.floor(rand() * values.length)] as T);
  const place = pick(PLACES, 0.5);
  return {
    userId: id,
    fullName: `${pick(FIRST, 0)} ${pick(LAST, 0)}`,
    username: pick(["annie", "bobby", "zed", "hannah.k"], 0.7),
    defaultUsername: `user${id}`,
    // Some share a creation time, so the newest order's tie on user id is exercised; some are a
    // microsecond apart, so a page may end inside a millisecond.
    createdUs: 1_700_000_000_000_000 + Math.floor(rand() * 50) * 1_000_000 + Math.floor(rand() * 2),
    suspended: rand() < 0.05,
    cityLat: place?.lat ?? null,
    cityLng: place?.lng ?? null,
    city: place ? `${place.city}` : null,
    country: pick(["United States", "Canada"]),
    state: pick(["Massachusetts", "New York", "Vermont"]),
    county: pick(["Suffolk", "Kings"], 0.7),
    gender: pick(["Female", "Male", "Other"]),
    relationshipStatus: pick(["Single", "Married"]),
    bodyTypes: pick(["Athletic", "Slim"]),
    sexuality: pick(["Bisexual", "Straight", "Gay"]),
    zodiac: pick(["Leo", "Aries", "Virgo"]),
    race: pick(["Asian", "Hispanic", "European"]),
    militaryBranch: pick(["Navy", "Army"], 0.9),
    militaryBase: pick(["Fort Bragg", "Naval Station Norfolk"], 0.9),
    university: pick(["Columbia University", "Ohio State"], 0.8),
    hbcu: pick(["Howard University"], 0.95),
    occupation: pick(["Engineer", "Teacher"]),
    networth: pick(["$1M or more"], 0.8),
    salary: pick(["$100K - $250K"], 0.7),
    greek: pick(["Omega Psi Phi"], 0.9),
    religion: pick(["Buddhist", "Sikh"]),
    education: pick(["Master's"], 0.6),
    age: rand() < 0.5 ? null : 18 + Math.floor(rand() * 60),
    heightInches: rand() < 0.6 ? null : 58 + Math.floor(rand() * 20),
    kidsCount: rand() < 0.6 ? null : Math.floor(rand() * 5),
    audiences: Object.fromEntries(
      AUDIENCE_ATTRIBUTES.flatMap((key) =>
        rand() < 0.5 ? [] : [[key, AUDIENCES[Math.floor(rand() * 3)] as Audience]],
      ),
    ),
    demographicSearch: rand() > 0.1,
  };
}

interface Viewer {
  id: string;
  friends: ReadonlySet<string>;
}

function makeFilters(rand: () => number): { filters: SearchFilters; place: Point | null } {
  const filters: SearchFilters = {};
  const maybe = (p: number) => rand() < p;
  if (maybe(0.2)) filters.gender = rand() < 0.5 ? "Female" : "Male";
  if (maybe(0.1)) filters.state = "Massachusetts";
  if (maybe(0.1)) filters.hbcu = "Howard University";
  if (maybe(0.1)) filters.relationshipStatus = "Single";
  if (maybe(0.1)) filters.sexuality = "Bi-sexual";
  if (maybe(0.15)) filters.zodiac = rand() < 0.5 ? ["Leo"] : ["Leo", "Virgo"];
  if (maybe(0.1)) filters.race = ["Asian", "Hispanic"];
  if (maybe(0.15)) filters.ageMin = 25;
  if (maybe(0.15)) filters.ageMax = 50;
  if (maybe(0.1)) filters.heightMin = 66;
  if (maybe(0.1)) filters.kidsMax = 2;
  if (maybe(0.15)) filters.religion = "Buddhist";
  if (maybe(0.1)) filters.salary = "$100K - $250K";
  if (maybe(0.1)) filters.militaryBase = "FORT";
  if (maybe(0.1)) filters.university = "state";
  if (maybe(0.15))
    filters.q = ["ann", "an", "Hannah", "zz", "bob", "user1"][Math.floor(rand() * 6)];
  let place: Point | null = null;
  const roll = rand();
  if (roll < 0.15) filters.city = "spring";
  else if (roll < 0.45) {
    const chosen = PLACES[Math.floor(rand() * PLACES.length)] as Point & { city: string };
    place = { lat: chosen.lat, lng: chosen.lng };
    if (rand() < 0.6) filters.withinMiles = [10, 50, 100, 250][Math.floor(rand() * 4)];
    if (rand() < 0.6) filters.sort = "distance";
  }
  if (!filters.sort && rand() < 0.3) filters.sort = "newest";
  return { filters, place };
}

/** Where each city is measured from: its own place with CROWD searchable people (not suspended,
 * the city matched for everyone), else its county's centre, or its state's below CROWD there. */
function placedBy(profiles: Map<string, IndexedProfile>): (p: IndexedProfile) => Point {
  const placeOf = (p: IndexedProfile) =>
    PLACES.find(
      (place) => place.lat === p.cityLat && place.lng === p.cityLng,
    ) as (typeof PLACES)[0];
  const inCity = new Map<string, number>();
  const inCounty = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) =>
    counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const p of profiles.values()) {
    const searchable =
      !p.suspended && p.demographicSearch && audiencesOf(p.audiences).city === "everyone";
    if (p.cityLat === null || !searchable) continue;
    add(inCity, placeOf(p).city);
    add(inCounty, placeOf(p).county);
  }
  return (p) => {
    const place = placeOf(p);
    if ((inCity.get(place.city) ?? 0) >= CROWD) return place;
    return AREAS.centre(
      (inCounty.get(place.county) ?? 0) >= CROWD
        ? `${place.state}/${place.county} County`
        : place.state,
    );
  };
}

function reference(
  profiles: Map<string, IndexedProfile>,
  { filters, place }: { filters: SearchFilters; place: Point | null },
  excluded: Set<string>,
  viewer: Viewer,
): (IndexedProfile & { band: number | null })[] {
  // An attribute filter sees only what the viewer may see (domain/audiences.ts).
  const sees = (p: IndexedProfile, key: AttributeKey) =>
    p.demographicSearch &&
    mayView(audiencesOf(p.audiences)[key], viewer.friends.has(p.userId) ? "friend" : "other");
  const set = (...values: unknown[]) => values.some((v) => v !== undefined);
  const active = (
    [
      ["gender", set(filters.gender)],
      ["state", set(filters.state)],
      ["hbcu", set(filters.hbcu)],
      ["greek", set(filters.greek)],
      ["military_branch", set(filters.militaryBranch)],
      ["relationship_status", set(filters.relationshipStatus)],
      ["sexuality", set(filters.sexuality)],
      ["zodiac", set(filters.zodiac)],
      ["race", set(filters.race)],
      ["age", set(filters.ageMin, filters.ageMax)],
      ["height", set(filters.heightMin, filters.heightMax)],
      ["kids", set(filters.kidsMin, filters.kidsMax)],
      ["military_base", set(filters.militaryBase)],
      ["university", set(filters.university)],
      ["religion", set(filters.religion)],
      ["salary", set(filters.salary)],
      ["city", place !== null || set(filters.city)],
    ] as [AttributeKey, boolean][]
  ).flatMap(([key, on]) => (on ? [key] : []));
  const contains = (value: string | null, part: string | undefined) =>
    part === undefined || value?.toLowerCase().includes(part.toLowerCase()) === true;
  const between = (value: number | null, low?: number, high?: number) =>
    (low === undefined && high === undefined) ||
    (value !== null && value >= (low ?? -1) && value <= (high ?? 999));
  const equal = (value: string | null, wanted: string | undefined) =>
    wanted === undefined || value === wanted;
  const placed = placedBy(profiles);
  const within = (p: IndexedProfile) => {
    if (!place) return contains(p.city, filters.city);
    if (p.cityLat === null || p.cityLng === null) return false;
    return (
      filters.withinMiles === undefined || milesBetween(place, placed(p)) <= filters.withinMiles
    );
  };
  const q = filters.q?.trim().toLowerCase();
  const matched = [...profiles.values()].filter(
    (p) =>
      p.userId !== viewer.id &&
      !p.suspended &&
      !excluded.has(p.userId) &&
      active.every((key) => sees(p, key)) &&
      equal(p.religion, filters.religion) &&
      equal(p.salary, filters.salary) &&
      equal(p.gender, filters.gender) &&
      equal(p.state, filters.state) &&
      equal(p.hbcu, filters.hbcu) &&
      equal(p.greek, filters.greek) &&
      equal(p.militaryBranch, filters.militaryBranch) &&
      equal(p.relationshipStatus, filters.relationshipStatus) &&
      (filters.sexuality === undefined ||
        (p.sexuality !== null &&
          (sexualitiesMatching(filters.sexuality) as readonly string[]).includes(p.sexuality))) &&
      (filters.zodiac === undefined ||
        (p.zodiac !== null && (filters.zodiac as string[]).includes(p.zodiac))) &&
      (filters.race === undefined ||
        (p.race !== null && (filters.race as string[]).includes(p.race))) &&
      between(p.age, filters.ageMin, filters.ageMax) &&
      between(p.heightInches, filters.heightMin, filters.heightMax) &&
      between(p.kidsCount, filters.kidsMin, filters.kidsMax) &&
      contains(p.militaryBase, filters.militaryBase) &&
      contains(p.university, filters.university) &&
      within(p) &&
      (!q ||
        [p.fullName, p.username ?? "", p.defaultUsername].some((t) => t.toLowerCase().includes(q))),
  );
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byName = (a: IndexedProfile, b: IndexedProfile) =>
    byText(a.fullName.toLowerCase(), b.fullName.toLowerCase()) || byText(a.userId, b.userId);
  const band = (p: IndexedProfile) => bucketIndexOf(milesBetween(place as Point, placed(p)));
  const sort: SearchSort = filters.sort ?? "name";
  return matched
    .sort(
      sort === "newest"
        ? (a, b) => b.createdUs - a.createdUs || byText(b.userId, a.userId)
        : sort === "distance"
          ? (a, b) => band(a) - band(b) || byName(a, b)
          : byName,
    )
    .map((p) => ({ ...p, band: place && p.cityLat !== null ? band(p) : null }));
}

/** Every page in turn, `size` at a time; the first page's count. */
function allPages(
  index: ProfileIndex,
  { filters, place }: { filters: SearchFilters; place: Point | null },
  excluded: Set<string>,
  viewer: Viewer,
  size: number,
  cap = 20,
) {
  const found: string[] = [];
  let after: IndexCursor | null = null;
  let count: number | null = null;
  for (let page = 0; page < 5000; page++) {
    const answer = searchIndex(index, {
      filters,
      place,
      areas: AREAS,
      sort: filters.sort ?? "name",
      excluded,
      viewer,
      after,
      take: size + 1,
      countUpTo: after ? null : cap,
    });
    if (!after) count = answer.count;
    const shown = answer.hits.slice(0, size);
    found.push(...shown.map((h) => `${h.userId}@${h.band}`));
    const last = shown.at(-1);
    if (answer.hits.length <= size || !last) break;
    after = { key: last.key, id: last.userId };
  }
  return { found, count };
}

describe("searchIndex", () => {
  // 300 people leave every city below the crowd a place needs (most are placed at their state's
  // centre); 1,000 give some cities and counties enough to be measured from their own centre.
  it.each([
    [1, 300],
    [2, 300],
    [3, 300],
    [4, 300],
    [5, 1000],
  ])("answers as the reference does (seed %i, %i people)", { timeout: 30_000 }, (seed, people) => {
    const rand = random(seed);
    const profiles = new Map<string, IndexedProfile>();
    const index = new ProfileIndex(4);
    for (let i = 0; i < people; i++) {
      const profile = makeProfile(rand, String(1000 + i));
      profiles.set(profile.userId, profile);
      index.append(profile);
    }
    index.reorder();
    for (let round = 0; round < 12; round++) {
      // Changes between rounds: new people, edits (new name, place, time), removals.
      for (let change = 0; change < 15; change++) {
        const ids = [...profiles.keys()];
        const roll = rand();
        if (roll < 0.3) {
          const profile = makeProfile(rand, String(2000 + round * 100 + change));
          profiles.set(profile.userId, profile);
          index.upsert(profile);
        } else if (roll < 0.85) {
          const id = ids[Math.floor(rand() * ids.length)] as string;
          const profile = makeProfile(rand, id);
          profiles.set(id, profile);
          index.upsert(profile);
        } else {
          const id = ids[Math.floor(rand() * ids.length)] as string;
          profiles.delete(id);
          index.remove(id);
        }
      }
      const ids = [...profiles.keys()];
      const excluded = new Set(rand() < 0.5 ? [ids[0] as string, ids[7] as string] : []);
      const viewer = {
        id: ids[Math.floor(rand() * ids.length)] as string,
        friends: new Set(ids.filter(() => rand() < 0.2)),
      };
      for (let ask = 0; ask < 25; ask++) {
        const query = makeFilters(rand);
        const expected = reference(profiles, query, excluded, viewer).map(
          (p) => `${p.userId}@${p.band}`,
        );
        const size = 1 + Math.floor(rand() * 25);
        const { found, count } = allPages(index, query, excluded, viewer, size);
        expect({ query, size, found }).toEqual({ query, size, found: expected });
        expect(count).toBe(Math.min(expected.length, 20));
      }
    }
  });

  // A rare filter over many people: the count stops at its cap with candidates left, and the page
  // comes from a walk bounded by the matches counted, or from the rest of the lists.
  it.each([
    { hbcu: "Howard University" },
    { hbcu: "Howard University", gender: "Female" },
    { greek: "Omega Psi Phi", q: "ann" },
    { militaryBranch: "Navy", sort: "newest" },
  ] as SearchFilters[])(
    "pages and counts as the reference does when the count stops early (%o)",
    (filters) => {
      const rand = random(11);
      const profiles = new Map<string, IndexedProfile>();
      const index = new ProfileIndex();
      for (let i = 0; i < 6000; i++) {
        const profile = makeProfile(rand, String(10_000 + i));
        profiles.set(profile.userId, profile);
        index.append(profile);
      }
      index.reorder();
      const ids = [...profiles.keys()];
      const viewer = { id: ids[3] as string, friends: new Set(ids.filter(() => rand() < 0.2)) };
      const query = { filters, place: null };
      const expected = reference(profiles, query, new Set(), viewer).map(
        (p) => `${p.userId}@${p.band}`,
      );
      expect(expected.length).toBeGreaterThan(20);
      const { found, count } = allPages(index, query, new Set(), viewer, 5, 10);
      expect(found).toEqual(expected);
      expect(count).toBe(10);
    },
  );

  it.each(["42.3584,-71.0598|ann", "5|ann", "-1|ann", "x|ann", "ann"])(
    "refuses a distance cursor naming no band (%s)",
    (key) => {
      const index = new ProfileIndex();
      index.upsert(makeProfile(random(9), "1"));
      expect(() =>
        searchIndex(index, {
          filters: { city: "Boston, MA", sort: "distance" },
          place: { lat: 42.3584, lng: -71.0598 },
          areas: AREAS,
          sort: "distance",
          excluded: new Set(),
          viewer: { id: "1", friends: new Set<string>() },
          after: { key, id: "1" },
          take: 10,
          countUpTo: null,
        }),
      ).toThrow(BadDistanceCursor);
    },
  );
});

describe("trigramsOf", () => {
  it.each([
    ["ann", 1],
    ["anna", 2],
    ["aaaa", 1],
    ["ab", 0],
    ["ab\u0001cd", 0],
    ["abc\u0001abc", 1],
    ["abc\u0001bcd", 2],
  ])("%j has %i distinct trigrams, none across a separator", (text, count) => {
    expect(trigramsOf(text)).toHaveLength(count);
  });
});
