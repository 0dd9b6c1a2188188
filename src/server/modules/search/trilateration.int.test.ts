// The trilateration harness (docs/search.md "Distance"): what a stranger learns of one person's
// place from the advanced search's distance answers. The target lives alone in Moweaqua, IL (a
// town of 1,751, 22 miles from the centre of Shelby County, whose seat holds 50 other people, so
// the county is big enough and the town is not); a handful of people live elsewhere. An attacker
// searches around a dense spread of real cities (one a cell of a 0.3° grid within 120 miles, and
// the cities people live in) with every allowed radius in both orders and with the distance order
// alone, reading the bands and the positions. The best estimate is every point and every place
// consistent with all the answers: it holds the county's centre and every small place of the
// county, and not the town, which is the county's and no finer. With the city at Friends or Only
// me, the target is in no answer at all.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "../../../domain/contracts/search";
import { bucketIndexOf, DISTANCE_BUCKETS } from "../../../domain/distance-buckets";
import { DISTANCE_RADII } from "../../../domain/search-fields";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { SEARCH_ENGINES } from "../../test-support/search-engines";
import { inject } from "../../test-support/social";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { cityAreas } from "../cities/city-areas";
import { type CityRow, cityIndex, cityRows } from "../cities/city-index";
import { milesBetween, type Point } from "../cities/distance";
import { CROWD_MIN, coarsen, PlaceTable } from "./index/index-placement";

const TARGET_CITY = "Moweaqua, IL";
/** Shelby County's seat: CROWD_MIN people, so the county is placed at its centre. */
const CROWD_CITY = "Shelbyville, IL";
const ELSEWHERE = [
  "Decatur, IL",
  "Springfield, IL",
  "Champaign, IL",
  "Saint Louis, MO",
  "Indianapolis, IN",
  "Chicago, IL",
];
const REACH_MILES = 120;
const CELL_DEGREES = 0.3;
/** The distance order alone, then each radius in both orders. */
const QUERIES = [
  { sort: "distance" },
  ...DISTANCE_RADII.flatMap((miles) => [
    { miles, sort: "name" },
    { miles, sort: "distance" },
  ]),
] as const;

const labelOf = (row: CityRow) => `${row[0]}, ${row[1]}`;
const pointOf = (row: CityRow): Point => ({ lat: row[3], lng: row[4] });
const rowOf = (label: string) => cityRows().find((row) => labelOf(row) === label) as CityRow;
const areas = cityAreas();
const target = rowOf(TARGET_CITY);
const county = areas.areasAt(pointOf(target))?.county as string;
const countyCentre = areas.centre(county);

/** The attacker's origins: the cities people live in, and one city a grid cell near the target's
 * county, each a label the search accepts. */
function origins(): CityRow[] {
  const cells = new Map<string, CityRow>();
  for (const row of cityRows()) {
    if (milesBetween(countyCentre, pointOf(row)) > REACH_MILES) continue;
    const cell = `${Math.floor(row[3] / CELL_DEGREES)},${Math.floor(row[4] / CELL_DEGREES)}`;
    if (!cells.has(cell)) cells.set(cell, row);
  }
  const lived = [TARGET_CITY, CROWD_CITY, ...ELSEWHERE].map(rowOf);
  const chosen = [...new Set([...lived, ...cells.values()])];
  return chosen.filter((row) =>
    cityIndex()
      .search(labelOf(row), 10)
      .some((item) => `${item.city}, ${item.state}` === labelOf(row)),
  );
}

let t: TestApp;
let attacker: TestAccount;
let person: TestAccount;
const ORIGINS = origins();

/** `count` people in `label`, their city shown to everyone (the default). */
async function seedPeople(prefix: string, label: string, count: number) {
  const row = rowOf(label);
  await t.database.db.execute(sql`
    with made as (
      insert into users (id, name, email, email_verified)
      select ${prefix} || '-' || n, 'Seeded', ${prefix} || n || '@example.com', true
      from generate_series(1, ${count}::int) n
      returning id
    )
    insert into profiles (user_id, default_username, full_name, email_address, chtcht_email, city, city_lat, city_lng)
    select id, id, 'Seeded ' || id, id || '@example.com', id || '@chtcht.local', ${label}, ${row[3]}, ${row[4]} from made`);
}

async function placeTarget(audience: "everyone" | "friends" | "only_me") {
  const res = await inject(t, person, "PUT", `/api/profiles/${person.userId}`, {
    fullName: "Tess Target",
    emailAddress: person.email,
    city: TARGET_CITY,
    details: {},
    audiences: { city: audience },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every answer from one origin: the target's band when listed, and the order of each page. */
async function ask(origin: CityRow) {
  const answers: { query: (typeof QUERIES)[number]; items: SearchResult[] }[] = [];
  for (const query of QUERIES) {
    const radius = "miles" in query ? `&withinMiles=${query.miles}` : "";
    const url = `/api/search/profiles?city=${encodeURIComponent(labelOf(origin))}${radius}&sort=${query.sort}`;
    const res = await inject(t, attacker, "GET", url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    answers.push({ query, items: res.json().items });
  }
  // The harness measures what answers reveal, not the read limits (their own rules and tests).
  await t.limits.reset("readsPerAccount", attacker.userId);
  return answers;
}

interface Observation {
  origin: Point;
  band: number;
  within: Map<number, boolean>;
}

/** Whether a point agrees with every answer the attacker read. */
const consistent = (point: Point, seen: readonly Observation[]) =>
  seen.every((o) => {
    const miles = milesBetween(o.origin, point);
    if (bucketIndexOf(miles) !== o.band) return false;
    for (const [radius, inside] of o.within) if (miles <= radius !== inside) return false;
    return true;
  });

describe.each(SEARCH_ENGINES)("on the %s engine", (engine) => {
  beforeAll(async () => {
    t = await createTestApp({
      SEARCH_ENGINE: engine,
      SEARCH_PAGES_PER_HOUR: "100000,100000",
      SEARCH_PAGES_PER_DAY: "100000,100000",
    });
    attacker = await createAccount(t, { fullName: "Ada Attacker" });
    person = await createAccount(t, { fullName: "Tess Target" });
    await seedPeople("crowd", CROWD_CITY, CROWD_MIN);
    for (const [i, label] of ELSEWHERE.entries()) await seedPeople(`else${i}`, label, 1);
    await placeTarget("everyone");
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  describe("an attacker searching from every city around", () => {
    it("learns the county, never the town", { timeout: 120_000 }, async () => {
      expect(areas.areasAt(pointOf(rowOf(CROWD_CITY)))?.county).toBe(county);
      expect(ORIGINS.length).toBeGreaterThan(100);
      const seen: Observation[] = [];
      for (const origin of ORIGINS) {
        const answers = await ask(origin);
        let band: number | null = null;
        const within = new Map<number, boolean>();
        for (const { query, items } of answers) {
          const mine = items.find((item) => item.userId === person.userId);
          // Every answer about the target is a band; every listed card with a city has one.
          if (mine) {
            const index = DISTANCE_BUCKETS.indexOf(mine.distance as (typeof DISTANCE_BUCKETS)[0]);
            expect(index).toBeGreaterThanOrEqual(0);
            if (band !== null) expect(index).toBe(band);
            band = index;
          }
          if ("miles" in query) {
            const inside = mine !== undefined;
            const other = within.get(query.miles);
            if (other !== undefined)
              expect(inside, `${labelOf(origin)} ${query.miles}`).toBe(other);
            within.set(query.miles, inside);
          }
          // The position inside a band is the name order: the order says nothing the bands do not.
          if (query.sort === "distance") {
            const key = (item: SearchResult) =>
              [
                DISTANCE_BUCKETS.indexOf(item.distance ?? "100-plus"),
                item.fullName.toLowerCase(),
              ] as const;
            const sorted = [...items].sort((a, b) => {
              const [ba, na] = key(a);
              const [bb, nb] = key(b);
              return ba - bb || (na < nb ? -1 : na > nb ? 1 : a.userId < b.userId ? -1 : 1);
            });
            expect(items.map((i) => i.userId)).toEqual(sorted.map((i) => i.userId));
          }
        }
        expect(band, `the target from ${labelOf(origin)}`).not.toBeNull();
        seen.push({ origin: pointOf(origin), band: band as number, within });
      }

      // Every point the answers allow, on a 0.01° grid around the county.
      const feasible: Point[] = [];
      for (let lat = countyCentre.lat - 1; lat <= countyCentre.lat + 1; lat += 0.01) {
        for (let lng = countyCentre.lng - 1.3; lng <= countyCentre.lng + 1.3; lng += 0.01) {
          if (consistent({ lat, lng }, seen)) feasible.push({ lat, lng });
        }
      }
      expect(consistent(countyCentre, seen)).toBe(true);
      expect(consistent(pointOf(target), seen)).toBe(false);

      // Every place the target could live in, with the same people elsewhere, that would give the
      // same answers: every place of the county that stays below the crowd, none finer.
      const others = [
        { point: pointOf(rowOf(CROWD_CITY)), searchable: CROWD_MIN },
        ...ELSEWHERE.map((label) => ({ point: pointOf(rowOf(label)), searchable: 1 })),
      ];
      const candidates = cityRows().filter((row) => {
        if (milesBetween(countyCentre, pointOf(row)) > 60) return false;
        // One place's people are counted together, as the index does.
        const point = pointOf(row);
        const here = others.filter((o) => o.point.lat === point.lat && o.point.lng === point.lng);
        const searchable = 1 + here.reduce((sum, o) => sum + o.searchable, 0);
        const table = new PlaceTable(areas);
        const places = [{ point, searchable }, ...others];
        for (const place of places) table.add(place.point);
        const [placed] = coarsen(
          table,
          places.map((place) => place.searchable),
        );
        return consistent(placed as Point, seen);
      });
      const inCounty = cityRows().filter(
        (row) => areas.areasAt(pointOf(row))?.county === county && labelOf(row) !== CROWD_CITY,
      );
      expect(candidates.map(labelOf).sort()).toEqual(inCounty.map(labelOf).sort());
      const spread = Math.max(
        ...candidates.flatMap((a) => candidates.map((b) => milesBetween(pointOf(a), pointOf(b)))),
      );
      const farthest = Math.max(...feasible.map((p) => milesBetween(countyCentre, p)));
      const beyond = candidates.filter((row) => !inCounty.includes(row)).map(labelOf);
      console.info(
        `trilateration: ${ORIGINS.length} origins × ${QUERIES.length} queries; feasible region ${feasible.length} grid points (0.01°), farthest ${farthest.toFixed(1)} mi from the county centre; ${candidates.length} candidate places (${inCounty.length} in the county; beyond it: ${beyond.join("; ") || "none"}), ${spread.toFixed(1)} mi apart at most; the town is ${milesBetween(countyCentre, pointOf(target)).toFixed(1)} mi from the centre`,
      );
    });

    it.each(["friends", "only_me"] as const)(
      "finds nobody whose city is at %s",
      { timeout: 120_000 },
      async (audience) => {
        await placeTarget(audience);
        // Half the origins each: together every origin sees the city hidden once.
        const half = ORIGINS.filter((_, i) => i % 2 === (audience === "friends" ? 0 : 1));
        for (const origin of half) {
          for (const { query, items } of await ask(origin)) {
            const ids = items.map((item) => item.userId);
            expect(ids, `${labelOf(origin)} ${JSON.stringify(query)}`).not.toContain(person.userId);
          }
        }
      },
    );
  });
});
