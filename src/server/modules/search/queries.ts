// SQL of the search module (docs/search.md): the header search's branches, each reading its own
// index in order ("Header search"); the people of an advanced search's page, read fresh by id
// after the profile index chose them; and the newest profiles, for local search. The index's own
// reads are in index/index-feed-queries.ts.
import { and, type Placeholder, sql } from "drizzle-orm";
import { PEOPLE_SEARCH_LIMIT } from "../../../domain/limits";
import type { Db } from "../../db/client";
import { newestFirst } from "../../db/keyset";
import { preparedPer } from "../../db/prepared";
import { onReplica } from "../../db/read-routing";
import { followers } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import { visiblePerson } from "../../policy/visibility";
import { personColumns } from "../profiles/person";

/** Whether the viewer follows the row's person: false for nobody signed in. */
const followedBy = (viewerId: string | Placeholder | null) =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${followers} where ${followers.followerId} = ${viewerId} and ${followers.followingId} = ${profiles.userId})`
    : sql<boolean>`false`;

const resultColumns = (viewerId: string | Placeholder | null) => ({
  ...personColumns,
  about: profiles.about,
  state: profiles.state,
  city: profiles.city,
  age: profiles.age,
  height: profiles.height,
  kids: profiles.kids,
  audiences: profiles.attributeAudiences,
  following: followedBy(viewerId),
});

/** Every search sends this one statement: prepared once per database handle, so neither the app
 * builds its SQL nor PostgreSQL plans it again (docs/performance.md "Advanced search"). */
const preparePage = (db: Db) =>
  db
    .select(resultColumns(sql.placeholder("viewerId")))
    .from(profiles)
    .where(sql`${profiles.userId} = any(${sql.placeholder("ids")}::text[])`)
    .prepare("search_page");

const page = preparedPer(preparePage);

/** The people of one page, in no particular order (the caller orders them as the index did): a
 * read a replica may serve (db/read-routing.ts). */
export function readResults(db: Db, input: { ids: string[]; viewerId: string }) {
  if (input.ids.length === 0) return Promise.resolve([]);
  return onReplica(db, (on) => page(on).execute({ viewerId: input.viewerId, ids: input.ids }));
}

export type SearchRow = Awaited<ReturnType<typeof readResults>>[number];

/** The newest profiles (spec-1 §7 "latest 50 ordered by created_at descending"). */
export async function newestProfiles(
  db: Db,
  { viewerId, limit }: { viewerId: string | null; limit: number },
) {
  return db
    .select(resultColumns(viewerId))
    .from(profiles)
    .where(visiblePerson(viewerId, profiles.userId))
    .orderBy(newestFirst(profiles.createdAt), newestFirst(profiles.userId))
    .limit(limit);
}

/** spec-1 §9: fetch 20 a branch, show 15. */
const FETCH = 20;
const WORD_START_MIN = 2;
const TRIGRAM_MIN = 3;

/** The header search's people, ranked: the exact handle, then prefixes, then the rest
 * (docs/search.md "Header search"). `text` is the query as searchTerm leaves it, `like` the same
 * with LIKE's wildcards made literal. */
export function findPeople(
  db: Db,
  { viewerId, text, like }: { viewerId: string | null; text: string; like: string },
) {
  const username = sql`lower(${profiles.username})`;
  const handle = sql`lower(${profiles.defaultUsername})`;
  const name = sql`lower(${profiles.fullName})`;
  const secondWord = sql`split_part(lower(${profiles.fullName}), ' ', 2)`;
  const prefix = `${like}%`;
  const length = [...text].length;
  // A prefix branch walks its text_pattern_ops index in that index's order (~<~) and stops at 20.
  const startsWith = (column: typeof name) =>
    sql`(select ${profiles.userId} as id from ${profiles} where ${column} like ${prefix}
         order by ${column} using ~<~ limit ${FETCH})`;
  const branches = [
    sql`(select ${profiles.userId} as id from ${profiles} where ${username} = ${text} or ${handle} = ${text} limit 2)`,
    startsWith(username),
    startsWith(handle),
    startsWith(name),
  ];
  if (length >= WORD_START_MIN && length < TRIGRAM_MIN) {
    branches.push(startsWith(secondWord));
  }
  if (length >= TRIGRAM_MIN) {
    const contains = `%${like}%`;
    branches.push(
      sql`(select ${profiles.userId} as id from ${profiles}
           where ${username} like ${contains} or ${handle} like ${contains} or ${name} like ${contains}
           limit ${FETCH})`,
    );
  }
  const rank = sql<number>`case
      when ${username} = ${text} or ${handle} = ${text} then 0
      when ${username} like ${prefix} or ${handle} like ${prefix} or ${name} like ${prefix} then 1
      else 2 end`;
  return db
    .select({ ...personColumns, following: followedBy(viewerId), rank })
    .from(profiles)
    .where(
      and(
        sql`${profiles.userId} in (${sql.join(branches, sql` union all `)})`,
        visiblePerson(viewerId, profiles.userId),
      ),
    )
    .orderBy(rank, profiles.fullName, profiles.userId)
    .limit(PEOPLE_SEARCH_LIMIT);
}
