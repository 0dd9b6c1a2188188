// Header people search (spec-1 §2, §7): case-insensitive matches on username, default username
// and full name; fetch 20 per branch, deduplicate, rank the exact handle first, then prefixes, then
// the rest; top 15. Each branch reads its own index in order with its own limit (docs/search.md
// "Header search"), so one- and two-letter queries stay as cheap as longer ones:
//   one letter:    the exact handle, and prefixes of the username, the handle and the name;
//   two letters:   also the start of the name's second word (its own text_pattern_ops index);
//   three or more: also anywhere in any of the three (pg_trgm).
import { and, sql } from "drizzle-orm";
import { PEOPLE_SEARCH_LIMIT } from "../../../domain/limits";
import type { Db } from "../../db/client";
import { followers } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import { visiblePerson } from "../../policy/visibility";
import { personColumns, personWith } from "../profiles/person";

/** spec-1 §9: fetch 20, show 15. */
const FETCH = 20;
const WORD_START_MIN = 2;
const TRIGRAM_MIN = 3;

/** The query as typed, trimmed, without a leading @, lower-cased; LIKE wildcards made literal. */
export function searchTerm(raw: string): { text: string; like: string } {
  const text = raw.trim().replace(/^@+/, "").trim().toLowerCase().slice(0, 64);
  return { text, like: text.replace(/[\\%_]/g, (c) => `\\${c}`) };
}

export async function searchPeople(
  db: Db,
  { viewerId, query }: { viewerId: string | null; query: string },
) {
  const { text, like } = searchTerm(query);
  if (!text) return [];
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
  const following = viewerId
    ? sql<boolean>`exists (select 1 from ${followers} where ${followers.followerId} = ${viewerId} and ${followers.followingId} = ${profiles.userId})`
    : sql<boolean>`false`;
  const rows = await db
    .select({ ...personColumns, following, rank })
    .from(profiles)
    .where(
      and(
        sql`${profiles.userId} in (${sql.join(branches, sql` union all `)})`,
        visiblePerson(viewerId, profiles.userId),
      ),
    )
    .orderBy(rank, profiles.fullName, profiles.userId)
    .limit(PEOPLE_SEARCH_LIMIT);
  return rows.map((row) => personWith(row, { following: Boolean(row.following) }));
}
