// SQL of the advanced search (docs/search.md): the profile index chooses who is on a page and in
// which order; this reads those people fresh, with what a result card shows and whether the
// viewer follows them. Also the newest profiles, for local search.
import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newestFirst } from "../../db/keyset";
import { preparedPer } from "../../db/prepared";
import { followers } from "../../db/schema/follows";
import { profiles } from "../../db/schema/profiles";
import { visiblePerson } from "../../policy/visibility";
import { personColumns } from "../profiles/person";

const resultColumns = (viewerId: string | Placeholder | null) => ({
  ...personColumns,
  about: profiles.about,
  state: profiles.state,
  city: profiles.city,
  age: profiles.age,
  height: profiles.height,
  kids: profiles.kids,
  audiences: profiles.attributeAudiences,
  following: viewerId
    ? sql<boolean>`exists (select 1 from ${followers} where ${followers.followerId} = ${viewerId} and ${followers.followingId} = ${profiles.userId})`
    : sql<boolean>`false`,
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

/** The people of one page, in no particular order (the caller orders them as the index did). */
export function readResults(db: Db, input: { ids: string[]; viewerId: string }) {
  if (input.ids.length === 0) return Promise.resolve([]);
  return page(db).execute({ viewerId: input.viewerId, ids: input.ids });
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
