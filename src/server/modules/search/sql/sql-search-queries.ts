// SQL of the PostgreSQL search engine (docs/search.md "Search engines"): one page of the advanced
// search and its capped count, with the same matching as the in-memory index
// (index/index-filters.ts): the search fields' table (domain/search-fields.ts) read once, each
// filter a condition on its profile column, matched only where the attribute's effective
// audience admits the viewer ("Who can be found"); and the people per place a stranger's
// distance search finds, for where each place is placed ("Distance").
import { type SQL, sql } from "drizzle-orm";
import {
  type AttributeKey,
  AUDIENCE_ATTRIBUTES,
  DERIVED_ATTRIBUTES,
  defaultAudience,
} from "../../../../domain/audiences";
import { type SearchSexuality, sexualitiesMatching } from "../../../../domain/enums/personal";
import { type FilterKey, SEARCH_FIELDS, type SearchSort } from "../../../../domain/search-fields";
import type { SearchFilters } from "../../../../domain/search-filters";
import { queryRows } from "../../../db/client";
import type { Db } from "../../../db/handle";
import { onReplica } from "../../../db/read-routing";
import { profiles, searchCode, searchCodes } from "../../../db/schema/profiles";
import type { IndexCursor } from "../index/types";

/** The fields matched on a profile column, read once from the table. */
const MATCHED_FIELDS = SEARCH_FIELDS.flatMap((field) => ("column" in field ? [field] : []));

/** Where the places a search measures stand: each place (a city's coordinates) within the radius
 * asked, or every place for the distance order alone, with its band from the chosen city. */
export interface PlaceBands {
  lats: number[];
  lngs: number[];
  bands: number[];
}

export interface SqlSearch {
  filters: SearchFilters;
  /** Set when the search measures a distance: only these places match, each with its band. */
  places: PlaceBands | null;
  sort: SearchSort;
  viewerId: string;
  friends: readonly string[];
  excluded: readonly string[];
  /** By distance, the band and the name key; else the order's key. */
  after: { band: number | null; cursor: IndexCursor } | null;
  take: number;
  countUpTo: number | null;
}

const AUDIENCE_VALUES = sql.raw("('everyone', 'friends', 'only_me')");

/** An attribute's stored audience, its default where none valid is stored (audiencesOf). */
function storedAudience(key: AttributeKey): SQL {
  const chosen = sql`${profiles.attributeAudiences} ->> ${sql.raw(`'${key}'`)}`;
  return sql`(case when ${chosen} in ${AUDIENCE_VALUES} then ${chosen} else ${sql.raw(`'${defaultAudience(key)}'`)} end)`;
}

/** Whether the attribute may be matched by everyone, or by friends: its effective audience
 * (effectiveAudiences: a derived value, while its source is set, is as strict as the source). */
function admits(key: AttributeKey, who: "everyone" | "friends"): SQL {
  const open = (k: AttributeKey) =>
    who === "everyone"
      ? sql`${storedAudience(k)} = 'everyone'`
      : sql`${storedAudience(k)} <> 'only_me'`;
  const source = (DERIVED_ATTRIBUTES as Partial<Record<AttributeKey, AttributeKey>>)[key];
  if (!source) return open(key);
  const column = profiles[source as keyof typeof profiles.$inferSelect & keyof typeof profiles];
  return sql`(${open(key)} and (${column} is null or ${column} = '' or ${open(source)}))`;
}

const like = (part: string) => `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters' conditions, and the attributes they read (whose audiences must admit the viewer). */
function attributeConditions(
  filters: SearchFilters,
  places: PlaceBands | null,
): { conditions: SQL[]; read: Set<AttributeKey> } {
  const conditions: SQL[] = [];
  const read = new Set<AttributeKey>();
  const values = filters as Record<FilterKey, unknown>;
  // Choices and lists are matched on the profile's search codes (db/schema/profiles.ts), so one
  // GIN index answers them all: every choice contained, some value of each list shared.
  const codes = searchCodes(profiles);
  const everyCode: string[] = [];
  for (const field of MATCHED_FIELDS) {
    const column = profiles[field.column];
    const add = (condition: SQL) => {
      conditions.push(condition);
      read.add(field.attribute);
    };
    switch (field.kind) {
      case "choice": {
        const value = values[field.key] as string | undefined;
        if (value === undefined) break;
        // spec-2 §3: the search list's 'Bi-sexual' finds the profiles' 'Bisexual'.
        const matching =
          field.key === "sexuality" ? sexualitiesMatching(value as SearchSexuality) : [value];
        if (matching.length === 1) {
          everyCode.push(searchCode(field.column, matching[0] as string));
          read.add(field.attribute);
        } else {
          const some = matching.map((v) => searchCode(field.column, v));
          add(sql`${codes} && ${sql.param(some)}::text[]`);
        }
        break;
      }
      case "list": {
        const list = values[field.key] as readonly string[] | undefined;
        if (list === undefined) break;
        const some = list.map((v) => searchCode(field.column, v));
        add(sql`${codes} && ${sql.param(some)}::text[]`);
        break;
      }
      case "range": {
        const low = values[field.min] as number | undefined;
        const high = values[field.max] as number | undefined;
        if (low !== undefined) add(sql`${column} >= ${low}`);
        if (high !== undefined) add(sql`${column} <= ${high}`);
        break;
      }
      case "contains": {
        const part = values[field.key] as string | undefined;
        if (part !== undefined) add(sql`lower(${column}) like ${like(part.toLowerCase())}`);
        break;
      }
      case "city":
        // Distance reads the city: the join on the places (searchPage) is this filter.
        if (places) read.add(field.attribute);
        else if (filters.city !== undefined) {
          add(sql`lower(${column}) like ${like(filters.city.toLowerCase())}`);
        }
        break;
    }
  }
  if (everyCode.length > 0) conditions.push(sql`${codes} @> ${sql.param(everyCode)}::text[]`);
  return { conditions, read };
}

/** Who may be found (docs/search.md "Who can be found"): never the viewer, the suspended or
 * anyone in a block with the viewer; and a person matched on attributes only when every one read
 * is open to everyone, or to friends and the two are friends; never with demographic search off. */
function whoMayBeFound(search: SqlSearch, read: Set<AttributeKey>): SQL[] {
  const found = [
    sql`${profiles.userId} <> ${search.viewerId}`,
    sql`${profiles.suspendedAt} is null`,
  ];
  if (search.excluded.length > 0) {
    found.push(sql`not (${profiles.userId} = any(${sql.param([...search.excluded])}::text[]))`);
  }
  if (read.size > 0) {
    const keys = AUDIENCE_ATTRIBUTES.filter((key) => read.has(key));
    const all = (who: "everyone" | "friends") =>
      sql.join(
        keys.map((key) => admits(key, who)),
        sql` and `,
      );
    const byFriends =
      search.friends.length > 0
        ? sql` or (${profiles.userId} = any(${sql.param([...search.friends])}::text[]) and ${all("friends")})`
        : sql``;
    // In coalesce, which the planner estimates as half the rows: it has no statistics for the
    // audiences, and its guess for each (one row in 200) made every filtered search look rare.
    found.push(
      sql`coalesce(${profiles.demographicSearch} and ((${all("everyone")})${byFriends}), false)`,
    );
  }
  return found;
}

/** The text query: anywhere in the lower-cased full name, username or default username. */
function textCondition(filters: SearchFilters): SQL | null {
  const text = filters.q?.trim().toLowerCase() || null;
  if (text === null) return null;
  const part = like(text);
  return sql`(lower(${profiles.fullName}) like ${part} or lower(${profiles.username}) like ${part}
    or lower(${profiles.defaultUsername}) like ${part})`;
}

const NAME_KEY = sql`lower(${profiles.fullName}) collate "C"`;
const ID_KEY = sql`${profiles.userId} collate "C"`;
/** The newest order's cursor key: the time the profile was made, to the microsecond. */
const CREATED_KEY = sql`to_char(${profiles.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function order(search: SqlSearch): { key: SQL; by: SQL; after: SQL | null } {
  const at = search.after;
  if (search.sort === "newest") {
    return {
      key: CREATED_KEY,
      by: sql`${profiles.createdAt} desc, ${ID_KEY} desc`,
      after: at
        ? sql`(${profiles.createdAt}, ${ID_KEY}) < (${at.cursor.key}::timestamptz, ${at.cursor.id} collate "C")`
        : null,
    };
  }
  if (search.sort === "distance" && search.places) {
    return {
      key: sql`place.band || '|' || lower(${profiles.fullName})`,
      by: sql`place.band, ${NAME_KEY}, ${ID_KEY}`,
      after: at
        ? sql`(place.band, ${NAME_KEY}, ${ID_KEY}) > (${at.band}::int, ${at.cursor.key} collate "C", ${at.cursor.id} collate "C")`
        : null,
    };
  }
  return {
    key: sql`lower(${profiles.fullName})`,
    by: sql`${NAME_KEY}, ${ID_KEY}`,
    after: at
      ? sql`(${NAME_KEY}, ${ID_KEY}) > (${at.cursor.key} collate "C", ${at.cursor.id} collate "C")`
      : null,
  };
}

/** The page's people in order, each with its cursor key and band, and the count up to its cap
 * (the same conditions, without the cursor), read on a replica where one may serve them
 * (docs/operations.md "Read replicas"). */
export async function searchPage(
  db: Db,
  search: SqlSearch,
): Promise<{ hits: { userId: string; key: string; band: number | null }[]; count: number | null }> {
  const { conditions, read } = attributeConditions(search.filters, search.places);
  const text = textCondition(search.filters);
  const where = [...conditions, ...whoMayBeFound(search, read), ...(text ? [text] : [])];
  const from = search.places
    ? sql`${profiles} join unnest(${sql.param(search.places.lats)}::float8[], ${sql.param(search.places.lngs)}::float8[], ${sql.param(search.places.bands)}::int[]) as place(lat, lng, band)
        on ${profiles.cityLat} = place.lat and ${profiles.cityLng} = place.lng`
    : sql`${profiles}`;
  const band = search.places ? sql`place.band` : sql`null::int`;
  const { key, by, after } = order(search);
  const pageWhere = sql.join(after ? [...where, after] : where, sql` and `);
  const [hits, counted] = await Promise.all([
    search.take > 0
      ? onReplica(db, (on) =>
          queryRows<{ userId: string; key: string; band: number | null }>(
            on,
            sql`select ${profiles.userId} as "userId", ${key} as key, ${band} as band
              from ${from} where ${pageWhere} order by ${by} limit ${search.take}`,
          ),
        )
      : Promise.resolve([]),
    search.countUpTo === null
      ? Promise.resolve(null)
      : onReplica(db, (on) =>
          queryRows<{ count: number }>(
            on,
            sql`select count(*)::int as count from (select 1 from ${from}
              where ${sql.join(where, sql` and `)} limit ${search.countUpTo}) as matched`,
          ),
        ),
  ]);
  return { hits, count: counted ? (counted[0]?.count ?? 0) : null };
}

/** Every place people live, with how many of them a stranger's distance search finds there (not
 * suspended, demographic search on, the city shown to everyone): index/index-placement.ts's rule. */
export function placeCounts(db: Db) {
  return queryRows<{ lat: number; lng: number; searchable: number }>(
    db,
    sql`select ${profiles.cityLat} as lat, ${profiles.cityLng} as lng,
        (count(*) filter (where ${profiles.suspendedAt} is null and ${profiles.demographicSearch}
          and ${admits("city", "everyone")}))::int as searchable
      from ${profiles} where ${profiles.cityLat} is not null and ${profiles.cityLng} is not null
      group by 1, 2`,
  );
}
