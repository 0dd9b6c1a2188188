// The counts the transparency report takes from the moderation record (docs/safety.md
// "Transparency report"): actions and appeals, each one aggregate over a UTC year [from, to).
import { and, count, gte, inArray, lt, max, min, sql } from "drizzle-orm";
import type { YearRange } from "../../../domain/transparency";
import { type Db, queryRows } from "../../db/client";
import { moderationActions, moderationAppeals } from "../../db/schema/audit";

const inYear = ({ from, to }: YearRange) =>
  and(gte(moderationActions.createdAt, from), lt(moderationActions.createdAt, to));

/** The range's actions of the given kinds, per kind (kinds with none are absent). */
export function actionsByKind(db: Db, range: YearRange, kinds: readonly string[]) {
  return db
    .select({ kind: moderationActions.action, count: count() })
    .from(moderationActions)
    .where(and(inYear(range), inArray(moderationActions.action, [...kinds])))
    .groupBy(moderationActions.action);
}

/** The range's actions of the given kinds, per rule enforced (null: none named). */
export function actionsByRule(db: Db, range: YearRange, kinds: readonly string[]) {
  return db
    .select({ rule: moderationActions.rule, count: count() })
    .from(moderationActions)
    .where(and(inYear(range), inArray(moderationActions.action, [...kinds])))
    .groupBy(moderationActions.rule);
}

/** The people suspended at `at`: whose last suspension or lifting (a restore of their profile)
 * before then was a suspension that no appeal had undone by then. A deleted account's entries
 * no longer name it, so it is not counted. */
export async function suspendedAt(db: Db, at: Date): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (
          select distinct on (target_user_id) action, reversed_at
          from moderation_actions
          where target_user_id is not null and created_at < ${at.toISOString()}
            and (action = 'suspend' or (action = 'restore' and target_type = 'profile'))
          order by target_user_id, created_at desc, id desc
        ) latest
        where action = 'suspend' and (reversed_at is null or reversed_at >= ${at.toISOString()})`,
  );
  return row?.count ?? 0;
}

/** Appeals filed in the range; decided in it, approved and rejected; and filed before its end
 * but undecided then. */
export async function appealFigures(db: Db, { from, to }: YearRange) {
  const a = moderationAppeals;
  const [start, end] = [from.toISOString(), to.toISOString()];
  const filedIn = sql`${a.createdAt} >= ${start} and ${a.createdAt} < ${end}`;
  const decidedIn = sql`${a.decidedAt} >= ${start} and ${a.decidedAt} < ${end}`;
  const undecidedAtEnd = sql`${a.decidedAt} is null or ${a.decidedAt} >= ${end}`;
  const [row] = await db
    .select({
      received: sql<number>`count(*) filter (where ${filedIn})::int`,
      approved: sql<number>`count(*) filter (where ${a.status} = 'approved' and ${decidedIn})::int`,
      rejected: sql<number>`count(*) filter (where ${a.status} = 'rejected' and ${decidedIn})::int`,
      openAtYearEnd: sql<number>`count(*) filter (where ${undecidedAtEnd})::int`,
    })
    .from(a)
    .where(lt(a.createdAt, to));
  return {
    received: row?.received ?? 0,
    approved: row?.approved ?? 0,
    rejected: row?.rejected ?? 0,
    openAtYearEnd: row?.openAtYearEnd ?? 0,
  };
}

/** When the first and the latest action of the given kinds was taken; nulls when none was. */
export async function actionSpan(db: Db, kinds: readonly string[]) {
  const [row] = await db
    .select({ first: min(moderationActions.createdAt), last: max(moderationActions.createdAt) })
    .from(moderationActions)
    .where(inArray(moderationActions.action, [...kinds]));
  return { first: row?.first ?? null, last: row?.last ?? null };
}
