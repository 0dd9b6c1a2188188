// Header people search (spec-1 §2, §7): partial, case-insensitive matches on username, default
// username and full name; exact handle first, then prefixes, then the rest; top 15.
// Short queries use the text_pattern_ops prefix indexes, longer ones the pg_trgm GIN indexes.
import { sql } from "drizzle-orm";
import { PEOPLE_SEARCH_LIMIT } from "../../../domain/contracts/search";
import type { Db } from "../../db/client";
import { followers } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import { personColumns, toPersonSummary } from "../profiles/person";

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
  const prefix = `${like}%`;
  const contains = `%${like}%`;
  const pattern = [...text].length < TRIGRAM_MIN ? prefix : contains;
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
      sql`(${username} like ${pattern} or ${handle} like ${pattern} or ${name} like ${pattern})`,
    )
    .orderBy(rank, profiles.fullName, profiles.userId)
    .limit(PEOPLE_SEARCH_LIMIT);
  return rows.map((row) => ({ ...toPersonSummary(row), following: Boolean(row.following) }));
}
