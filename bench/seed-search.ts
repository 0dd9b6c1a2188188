// Seeds the advanced-search benchmark database `bench_search`: 1,000,000 people (names, handles
// and e-mails as sign-up makes them) whose profiles fill the search attributes the way real
// profiles do — most left unset, common values common — with an audience for every attribute as a
// profile save writes them (some hidden, some for friends only: docs/search.md "Who can be
// found"), and 500 searchers with 200–500 friends each (docs/performance.md "Advanced search").
// Indexes are dropped during the load and built once at the end; a line per phase.
//   node --import tsx bench/seed-search.ts            (recreates bench_search; ~2 min here)
//   options: USERS=1000000 SEED=7; BENCH_SEARCH_DATABASE_URL=postgres://… to use another database

import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import {
  type AttributeKey,
  AUDIENCE_ATTRIBUTES,
  defaultAudience,
  isSensitive,
} from "../src/domain/audiences";
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
import { benchDatabaseUrl, markSeeded, openBulkLoad, postgresVersion } from "./lib/bench-db";
import { dropSecondary, restoreSecondary } from "./lib/bulk-load";
import { generatePeople, insertPeople, phaseTimer } from "./lib/seed-people";
import { random } from "./lib/stats";

export const SEARCH_DB_NAME = "bench_search";
const USERS = Number(process.env.USERS ?? 1_000_000);
const SEED = Number(process.env.SEED ?? 7);
const BATCH = 5_000;
const WRITERS = 2;
/** People who search in the bench, each with 200–500 friends: an account may make 600 reads a
 * minute (docs/operations.md "Limits"), so 500 of them keep 5,000 answers a second under it. */
const SEARCHERS = 500;
const FRIENDS = { min: 200, max: 500 };

/** Of the people who filled an attribute in, the share who show it to friends only and the share
 * who keep it to themselves; the rest show it to everyone. An attribute left empty keeps its
 * default audience. */
const AUDIENCE_MIX = {
  sensitive: { friends: 0.1, onlyMe: 0.3 },
  cityAndAge: { friends: 0.05, onlyMe: 0.05 },
  other: { friends: 0.02, onlyMe: 0.01 },
};
/** Share of people with 'Show me in demographic search' off. */
const OUT_OF_DEMOGRAPHIC_SEARCH = 0.05;
/** The column that tells whether an attribute is filled in (height's text is derived from it). */
const filledColumn = (key: AttributeKey) => (key === "height" ? "height_inches" : key);

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
const dropped = await dropSecondary(pool, ["users", "profiles", "followers"]);
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
  phase("attributes", `${Object.keys(columns).length + 2} columns`);

  // The searchers (the first by id) and their friends: mutual follows with people who filled in
  // at least three of the attributes the bench filters on, so that the friends are found.
  await client.query(
    `with searchers as (
       select user_id, $2::int + floor(random() * ($3::int - $2::int + 1))::int as friends
       from profiles order by user_id limit $1::int),
     findable as (
       select user_id, row_number() over (order by user_id) as n from profiles
       where num_nonnulls(gender, age, country, state, city, zodiac, relationship_status,
         body_types, height_inches, kids, education, university, hbcu, greek, military_branch,
         military_base) >= 3),
     draws as materialized (
       select s.user_id as searcher,
         1 + floor(random() * (select count(*) from findable))::bigint as n
       from searchers s cross join lateral generate_series(1, s.friends)),
     pairs as materialized (
       select distinct d.searcher, f.user_id as friend
       from draws d join findable f using (n) where f.user_id <> d.searcher)
     insert into followers (follower_id, following_id, created_at)
     select a, b, now() - random() * interval '365 days'
     from (select searcher as a, friend as b from pairs
           union select friend, searcher from pairs) as mutual`,
    [SEARCHERS, FRIENDS.min, FRIENDS.max],
  );
  phase("follows", `${SEARCHERS} searchers, ${FRIENDS.min}–${FRIENDS.max} friends each`);

  // One more pass over every profile: height and kids derived from the values above, every
  // attribute's audience as a save stores them (only choices that differ from the default:
  // domain/audiences.ts storedAudiences), demographic search, and the follow
  // counters (every seeded follow is followed back, so the three counts are one).
  const audience = (key: AttributeKey) => {
    const mix = isSensitive(key)
      ? AUDIENCE_MIX.sensitive
      : key === "city" || key === "age"
        ? AUDIENCE_MIX.cityAndAge
        : AUDIENCE_MIX.other;
    const bounds = `array[${mix.onlyMe}, ${mix.onlyMe + mix.friends}]::float8[]`;
    return `'${key}', case when ${filledColumn(key)} is not null then nullif(
      case width_bucket(random(), ${bounds}) when 0 then 'only_me' when 1 then 'friends'
      else 'everyone' end, '${defaultAudience(key)}') end`;
  };
  await client.query(
    `update profiles p set
       height = case when height_inches is not null then (height_inches / 12) || '''' || (height_inches % 12) || '"' end,
       kids_count = case when kids = 'None' then 0 when kids is not null then substring(kids from '^(\\d{1,2})')::int end,
       attribute_audiences = jsonb_strip_nulls(jsonb_build_object(${AUDIENCE_ATTRIBUTES.map(audience).join(",\n")})),
       demographic_search = random() >= ${OUT_OF_DEMOGRAPHIC_SEARCH},
       (followers_count, following_count, friends_count) = (select count(*), count(*), count(*)
         from followers f where f.follower_id = p.user_id)`,
  );
  phase("derived + audiences", `${AUDIENCE_ATTRIBUTES.length} audiences, follow counters`);
} finally {
  client.release();
}

await restoreSecondary(pool, dropped, WRITERS);
phase("build indexes", `${dropped.indexes.length} indexes, ${dropped.foreignKeys.length} keys`);
await pool.query("vacuum analyze users");
await pool.query("vacuum analyze profiles");
await pool.query("vacuum analyze followers");
phase("vacuum analyze");

// The mix as seeded: per attribute, of the people who filled it in, % everyone/friends/only me.
const shown = ["race", "sexuality", "religion", "salary", "networth", "city", "age", "gender"];
const percent = (key: string, audience: string) =>
  `round(100.0 * count(*) filter (where coalesce(attribute_audiences->>'${key}',
     '${defaultAudience(key as AttributeKey)}') = '${audience}' and ${filledColumn(key as AttributeKey)} is not null)
     / greatest(1, count(*) filter (where ${filledColumn(key as AttributeKey)} is not null)))`;
const { rows: mix } = await pool.query<Record<string, string>>(
  `select ${shown
    .map(
      (key) =>
        `${percent(key, "everyone")} || '/' || ${percent(key, "friends")} || '/' || ${percent(key, "only_me")} as ${key}`,
    )
    .join(", ")},
     round(100.0 * count(*) filter (where not demographic_search) / count(*), 1) as off
   from profiles`,
);
const { rows: friends } = await pool.query<{ n: number; min: number; max: number; mean: number }>(
  `select count(*)::int as n, min(friends_count) as min, max(friends_count) as max,
     round(avg(friends_count))::int as mean
   from profiles where friends_count >= $1`,
  [FRIENDS.min / 2],
);
console.log(
  `audiences, % everyone/friends/only me of those who filled it in: ${shown
    .map((key) => `${key} ${mix[0]?.[key]}`)
    .join(", ")}; demographic search off ${mix[0]?.off}%`,
);
console.log(
  `${friends[0]?.n} searchers with ${friends[0]?.min}–${friends[0]?.max} friends (mean ${friends[0]?.mean})`,
);
const { rows } = await pool.query<{ n: number; size: string }>(
  "select count(*)::int as n, pg_size_pretty(pg_database_size(current_database())) as size from profiles",
);
console.log(
  `${rows[0]?.n.toLocaleString()} profiles, database ${rows[0]?.size}; seeded in ${total().toFixed(0)} s`,
);
await markSeeded(pool, "bench/seed-search.ts", { USERS, SEED });
await pool.end();
