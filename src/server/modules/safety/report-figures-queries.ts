// The counts the transparency report takes from reports (docs/safety.md "Transparency report"),
// each one aggregate over a UTC year [from, to).
import { and, count, eq, gte, lt, max, min, sql } from "drizzle-orm";
import type { YearRange } from "../../../domain/transparency";
import type { Db } from "../../db/client";
import { reports } from "../../db/schema/safety";

/** Reports filed in the range, per reason (reasons with none are absent). */
export function reportsByReason(db: Db, { from, to }: YearRange) {
  return db
    .select({ reason: reports.reason, count: count() })
    .from(reports)
    .where(and(gte(reports.createdAt, from), lt(reports.createdAt, to)))
    .groupBy(reports.reason);
}

/** Reports closed in the range, and the median of the time each waited for that first action
 * (percentile_cont: with an even count, the mean of the middle two), in seconds. */
export async function reportsClosedIn(db: Db, { from, to }: YearRange) {
  const waited = sql`extract(epoch from ${reports.resolvedAt} - ${reports.createdAt})::float8`;
  const [row] = await db
    .select({
      closed: count(),
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by ${waited})`,
    })
    .from(reports)
    .where(
      and(eq(reports.status, "closed"), gte(reports.resolvedAt, from), lt(reports.resolvedAt, to)),
    );
  return { closed: row?.closed ?? 0, medianSeconds: row?.medianSeconds ?? null };
}

/** When the first and the latest report were filed; nulls when none was. */
export async function reportSpan(db: Db) {
  const [row] = await db
    .select({ first: min(reports.createdAt), last: max(reports.createdAt) })
    .from(reports);
  return { first: row?.first ?? null, last: row?.last ?? null };
}
