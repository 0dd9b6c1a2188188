// SQL for safety's tables (db/schema/safety.ts): blocks, mutes and reports. People are shown with
// the profile's person columns (profiles/person.ts), joined here as every list does; changes to
// other modules' rows go through those modules' functions.
import { and, desc, eq, sql } from "drizzle-orm";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { profiles } from "../../db/schema/profiles";
import { blocks, mutes, reports } from "../../db/schema/safety";
import { personColumns } from "../profiles/person";

export async function insertBlock(tx: Db, row: { blockerId: string; blockedId: string }) {
  await tx.insert(blocks).values(row).onConflictDoNothing();
}

export async function deleteBlock(db: Db, row: { blockerId: string; blockedId: string }) {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, row.blockerId), eq(blocks.blockedId, row.blockedId)));
}

export async function insertMute(db: Db, row: { muterId: string; mutedId: string }) {
  await db.insert(mutes).values(row).onConflictDoNothing();
}

export async function deleteMute(db: Db, row: { muterId: string; mutedId: string }) {
  await db.delete(mutes).where(and(eq(mutes.muterId, row.muterId), eq(mutes.mutedId, row.mutedId)));
}

/** The people the viewer blocked or muted, newest first, one more than `limit`. */
export function relationRows(
  db: Db,
  {
    viewerId,
    kind,
    limit,
    after,
  }: { viewerId: string; kind: "blocks" | "mutes"; limit: number; after: Cursor | null },
) {
  const table =
    kind === "blocks"
      ? { owner: blocks.blockerId, other: blocks.blockedId, at: blocks.createdAt, from: blocks }
      : { owner: mutes.muterId, other: mutes.mutedId, at: mutes.createdAt, from: mutes };
  const bound = keysetBefore({ at: table.at, id: table.other, idType: "text" }, after);
  return db
    .select({ ...personColumns, since: table.at })
    .from(table.from)
    .innerJoin(profiles, eq(profiles.userId, table.other))
    .where(and(eq(table.owner, viewerId), bound))
    .orderBy(desc(table.at), desc(table.other))
    .limit(limit + 1);
}

export interface NewReport {
  reporterId: string;
  targetType: ReportTarget;
  targetId: string;
  targetUserId: string;
  reason: ReportReason;
  details: string | null;
}

/** Stores the report unless the reporter has one open on the target (a unique partial index);
 * its id, or null. */
export async function insertOpenReport(db: Db, report: NewReport): Promise<string | null> {
  const [inserted] = await db
    .insert(reports)
    .values(report)
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning({ id: reports.id });
  return inserted?.id ?? null;
}

export async function findOpenReport(
  db: Db,
  input: { reporterId: string; targetType: ReportTarget; targetId: string },
): Promise<string | null> {
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, input.reporterId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, "open"),
      ),
    )
    .limit(1);
  return open?.id ?? null;
}

export interface GroupKey {
  target_type: ReportTarget;
  target_id: string;
  target_user_id: string;
  report_count: number | string;
  latest_at: Date | string;
}

/** Reports grouped per target, the latest first, one more than `limit`. */
export function reportGroupKeys(
  db: Db,
  { status, limit, after }: { status: "open" | "closed"; limit: number; after: Cursor | null },
): Promise<GroupKey[]> {
  const latest = status === "open" ? sql`max(created_at)` : sql`max(resolved_at)`;
  const bound = keysetBefore({ at: latest, id: sql`target_id`, idType: "text" }, after);
  return queryRows<GroupKey>(
    db,
    sql`select target_type, target_id, target_user_id, count(*) as report_count, ${latest} as latest_at
      from reports where status = ${status}
      group by target_type, target_id, target_user_id
      ${bound ? sql`having ${bound}` : sql``}
      order by latest_at desc, target_id desc
      limit ${limit + 1}`,
  );
}

const groupWhere = (key: GroupKey, status: string) =>
  and(
    eq(reports.targetType, key.target_type),
    eq(reports.targetId, key.target_id),
    eq(reports.status, status),
  );

/** A group's reasons with their counts, and its ten newest reports with their reporters. */
export async function reportGroupDetail(db: Db, key: GroupKey, status: string) {
  const where = groupWhere(key, status);
  const reasons = await db
    .select({ reason: reports.reason, count: sql<number>`count(*)::int` })
    .from(reports)
    .where(where)
    .groupBy(reports.reason)
    .orderBy(desc(sql`count(*)`));
  const newest = await db
    .select({ report: reports, reporter: personColumns })
    .from(reports)
    .innerJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(where)
    .orderBy(desc(reports.createdAt))
    .limit(10);
  return { reasons, newest };
}

/** The reported person with their standing, for the queue. */
export async function reportedPerson(db: Db, userId: string) {
  const [owner] = await db
    .select({
      ...personColumns,
      restrictedUntil: profiles.restrictedUntil,
      suspendedAt: profiles.suspendedAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return owner;
}

/** Closes the target's open reports with the action taken; the reporters of those it closed. */
export async function closeReports(
  tx: Db,
  input: { targetType: ReportTarget; targetId: string; resolution: string; at: Date },
): Promise<string[]> {
  const closed = await tx
    .update(reports)
    .set({ status: "closed", resolution: input.resolution, resolvedAt: input.at })
    .where(
      and(
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, "open"),
      ),
    )
    .returning({ reporterId: reports.reporterId });
  return closed.map((row) => row.reporterId);
}
