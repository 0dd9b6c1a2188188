// Seeds the advanced-search benchmark database `bench_search`: 1,000,000 people (names, handles
// and e-mails as sign-up makes them) whose profiles fill the search attributes the way real
// profiles do — most left unset, common values common (docs/performance.md "Advanced search").
// Indexes are dropped during the load and built once at the end; a progress line per phase.
//   node --import tsx bench/seed-search.ts            (recreates bench_search; ~4 min here)
//   options: USERS=1000000 SEED=7; BENCH_SEARCH_DATABASE_URL=postgres://… to use another database

import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import {
  EDUCATION_LEVELS,
  GREEK_ORGANIZATIONS,
  NET_WORTHS,
  RELIGIONS,
  SALARIES,
} from "../src/domain/enums/background";
import { loadCountries, loadUsStates } from "../src/domain/enums/geography";
import { HBCUS } from "../src/domain/enums/hbcus";
import { MILITARY_BASES, MILITARY_BRANCHES } from "../src/domain/enums/military";
import { OCCUPATIONS } from "../src/domain/enums/occupations";
import {
  BODY_TYPES,
  GENDERS,
  KIDS,
  RACES,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  ZODIAC_SIGNS,
} from "../src/domain/enums/personal";
import type { CityRow } from "../src/server/modules/cities/city-index";
import { benchDatabaseUrl, openBulkLoad, postgresVersion } from "./lib/bench-db";
import { dropSecondary, restoreSecondary } from "./lib/bulk-load";
import { generatePeople, insertPeople, phaseTimer } from "./lib/seed-people";
import { random } from "./lib/stats";

export const SEARCH_DB_NAME = "bench_search";
const USERS = Number(process.env.USERS ?? 1_000_000);
const SEED = Number(process.env.SEED ?? 7);
const BATCH = 5_000;
const WRITERS = 2;

const { phase, total } = phaseTimer();
const { url, explicit } = benchDatabaseUrl(SEARCH_DB_NAME, "BENCH_SEARCH_DATABASE_URL");
const pool = await openBulkLoad({
  url,
  recreate: explicit ? null : SEARCH_DB_NAME,
  envName: "BENCH_SEARCH_DATABASE_URL",
  writers: WRITERS,
  // replica: no triggers during the load (the search change log starts empty: docs/search.md).
  extraOptions: "-c maintenance_work_mem=256MB -c session_replication_role=replica",
});
console.log(
  `database ${url.replace(/:[^:@/]*@/, ":***@")}; load average ${loadavg()[0]?.toFixed(1)}`,
);
console.log(await postgresVersion(pool));
const dropped = await dropSecondary(pool, ["users", "profiles"]);
phase("create + migrate", `(${dropped.indexes.length} indexes dropped for the load)`);

const people = generatePeople(USERS, random(SEED));
phase("generate people", `${USERS.toLocaleString()} people`);
await insertPeople(pool, people, BATCH, WRITERS);
phase("insert users + profiles");

// The attributes, in one pass of SQL per column group. setseed makes random() repeatable.
const [countries, states] = await Promise.all([loadCountries(), loadUsStates()]);
const cityRows = JSON.parse(
  readFileSync(
    new URL("../src/server/modules/cities/data/us-cities.json", import.meta.url),
    "utf8",
  ),
) as CityRow[];
const stateName = new Map(states.map((s) => [s.code, s.name]));
const places = cityRows.map(([city, code, county, lat, lng]) => ({
  label: `${city}, ${code}`,
  state: stateName.get(code) ?? null,
  county,
  lat,
  lng,
}));
const universities = [
  ...HBCUS,
  "State University",
  "University of Michigan",
  "Ohio State University",
  "Penn State",
  "Arizona State University",
  "Columbia University",
  "Boston University",
];
const bases = Object.values(MILITARY_BASES).flat();
const client = await pool.connect();
try {
  await client.query("select setseed($1)", [(SEED % 1000) / 1000]);
  // Cities first (a quarter of profiles): state and county follow from the city, as a save does.
  await client.query(
    `with pick as (
       select user_id, 1 + floor(random() * $1)::int as i from profiles where random() < 0.25)
     update profiles p set city = c.label, state = c.state, county = c.county,
       city_lat = c.lat, city_lng = c.lng
     from pick join unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])
       with ordinality as c(label, state, county, lat, lng, n) on c.n = pick.i
     where p.user_id = pick.user_id`,
    [
      places.length,
      places.map((c) => c.label),
      places.map((c) => c.state),
      places.map((c) => c.county),
      places.map((c) => c.lat),
      places.map((c) => c.lng),
    ],
  );
  phase("cities", `${places.length.toLocaleString()} places to pick from`);
  // Each attribute: set on a share of profiles, from its list (common values first, weighted by
  // squaring a uniform number, which makes the first values of a list the common ones).
  const pickFrom = (share: number, list: readonly string[], skew = false) => ({
    share,
    list,
    skew,
  });
  const columns: Record<string, ReturnType<typeof pickFrom>> = {
    country: pickFrom(
      0.4,
      ["United States", ...countries.filter((c) => c !== "United States")],
      true,
    ),
    state: pickFrom(
      0.12,
      states.map((s) => s.name),
    ),
    gender: pickFrom(0.55, [...GENDERS]),
    relationship_status: pickFrom(0.3, [...RELATIONSHIP_STATUSES], true),
    body_types: pickFrom(0.2, [...BODY_TYPES]),
    sexuality: pickFrom(0.25, [...SEXUALITIES], true),
    zodiac: pickFrom(0.3, [...ZODIAC_SIGNS]),
    race: pickFrom(0.3, [...RACES], true),
    occupation: pickFrom(0.2, [...OCCUPATIONS]),
    military_branch: pickFrom(0.03, [...MILITARY_BRANCHES]),
    military_base: pickFrom(0.02, bases),
    university: pickFrom(0.15, universities),
    hbcu: pickFrom(0.02, [...HBCUS]),
    salary: pickFrom(0.15, [...SALARIES], true),
    networth: pickFrom(0.1, [...NET_WORTHS], true),
    greek: pickFrom(0.02, [...GREEK_ORGANIZATIONS]),
    religion: pickFrom(0.2, [...RELIGIONS], true),
    education: pickFrom(0.25, [...EDUCATION_LEVELS]),
    kids: pickFrom(0.25, [...KIDS], true),
  };
  const assignments = Object.entries(columns).map(([column, { share, list, skew }], n) => {
    const index = skew ? `power(random(), 2)` : `random()`;
    return `${column} = case when random() < ${share} then ($${n + 1}::text[])[1 + floor(${index} * ${list.length})::int] else ${column} end`;
  });
  await client.query(
    `update profiles set ${assignments.join(", ")},
       age = case when random() < 0.5 then 18 + floor(power(random(), 1.6) * 62)::int end,
       height_inches = case when random() < 0.3 then least(84, greatest(48, round(67 + (random() + random() + random() - 1.5) * 8)::int)) end`,
    Object.values(columns).map((c) => c.list),
  );
  await client.query(
    `update profiles set
       height = case when height_inches is not null then (height_inches / 12) || '''' || (height_inches % 12) || '"' end,
       kids_count = case when kids = 'None' then 0 when kids is not null then substring(kids from '^(\\d{1,2})')::int end`,
  );
  phase("attributes", `${Object.keys(columns).length + 2} columns`);
} finally {
  client.release();
}

await restoreSecondary(pool, dropped, WRITERS);
phase("build indexes", `${dropped.indexes.length} indexes, ${dropped.foreignKeys.length} keys`);
await pool.query("vacuum analyze users");
await pool.query("vacuum analyze profiles");
phase("vacuum analyze");
const { rows } = await pool.query<{ n: number; size: string }>(
  "select count(*)::int as n, pg_size_pretty(pg_database_size(current_database())) as size from profiles",
);
console.log(
  `${rows[0]?.n.toLocaleString()} profiles, database ${rows[0]?.size}; seeded in ${total().toFixed(0)} s`,
);
await pool.end();
