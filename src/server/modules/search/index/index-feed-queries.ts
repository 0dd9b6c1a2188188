// SQL of the profile index's feed (docs/search.md "Profile index"): the profiles as the index
// holds them, read in batches at start and by id as they change, and the search_changes log with
// the transaction horizon that bounds it.
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { queryRows } from "../../../db/client";
import { profiles } from "../../../db/schema/profiles";
import { searchChanges } from "../../../db/schema/search";
import {
  type IndexedProfile,
  NUMBER_ATTRIBUTES,
  type NumberAttribute,
  TEXT_ATTRIBUTES,
  type TextAttribute,
} from "./profile-index";

/** What the index holds of a profile, selected as plain values (no row mapping: a load reads a
 * million rows): the searched attributes' columns as the search fields' table names them. */
const indexedColumns = {
  userId: profiles.userId,
  fullName: profiles.fullName,
  username: profiles.username,
  defaultUsername: profiles.defaultUsername,
  createdUs: sql`(extract(epoch from ${profiles.createdAt}) * 1000000)::float8`,
  suspended: sql`${profiles.suspendedAt} is not null`,
  cityLat: profiles.cityLat,
  cityLng: profiles.cityLng,
  audiences: profiles.attributeAudiences,
  demographicSearch: profiles.demographicSearch,
  ...(Object.fromEntries(
    [...TEXT_ATTRIBUTES, ...NUMBER_ATTRIBUTES].map((column) => [column, profiles[column]]),
  ) as Record<TextAttribute | NumberAttribute, unknown>),
} satisfies Record<keyof IndexedProfile, unknown>;

const selectIndexed = sql.join(
  Object.entries(indexedColumns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
  sql`, `,
);

const readIndexed = (db: Db, where: SQL, limit?: number) =>
  queryRows<IndexedProfile>(
    db,
    sql`select ${selectIndexed} from ${profiles} where ${where} order by ${profiles.userId}${limit ? sql` limit ${limit}` : sql``}`,
  );

/** One batch of the full load: the next `limit` profiles by user id after `after`. */
export const indexedAfter = (db: Db, { after, limit }: { after: string; limit: number }) =>
  readIndexed(db, sql`${profiles.userId} > ${after}`, limit);

/** The profiles of these ids that still exist. */
export const indexedWithIds = (db: Db, ids: string[]) =>
  readIndexed(db, inArray(profiles.userId, ids));

/** The oldest transaction still running: every older one's changes are visible now. */
export async function readHorizon(db: Db): Promise<bigint> {
  const [row] = await queryRows<{ horizon: string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`,
  );
  return BigInt(row?.horizon ?? 0);
}

/** The horizon now, and every profile the log names at or past `watermark`. */
export async function changedSince(db: Db, watermark: bigint) {
  const [row] = await queryRows<{ horizon: string; ids: string[] }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
      array(select distinct ${searchChanges.userId} from ${searchChanges}
            where ${searchChanges.txid} >= ${watermark.toString()}::bigint) as ids`,
  );
  return row;
}

/** The log below a horizon every instance has read. */
export async function pruneChangesBelow(db: Db, horizon: bigint): Promise<void> {
  await db.delete(searchChanges).where(sql`${searchChanges.txid} < ${horizon.toString()}::bigint`);
}
