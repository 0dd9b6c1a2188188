// A year's figures (docs/safety.md "Transparency report"), each counted by the SQL of the module
// that owns its table: reports by safety, reports across servers by federation, actions and
// appeals by audit. Every reason and every kind is listed, with 0 where there were none.

import { MODERATION_ACTIONS } from "../../../domain/contracts/safety";
import type { TransparencyReport } from "../../../domain/contracts/transparency";
import { ENFORCING_ACTIONS } from "../../../domain/moderation-standing";
import { REPORT_REASONS } from "../../../domain/report-reasons";
import { durationLabel, yearRange } from "../../../domain/transparency";
import type { Db } from "../../db/client";
import {
  actionSpan,
  actionsByKind,
  actionsByRule,
  appealFigures,
  suspendedAt,
} from "../audit/transparency";
import { flagSpan, flagsByDirection } from "../federation/transparency";
import { reportSpan, reportsByReason, reportsClosedIn } from "../safety/transparency";

export type YearFigures = Omit<TransparencyReport, "statement">;

/** A lookup of the rows' counts by key, 0 for a key with no row. */
function countsBy<R extends { count: number }>(rows: R[], keyOf: (row: R) => unknown) {
  const counts = new Map(rows.map((row) => [keyOf(row), row.count]));
  return (key: unknown) => counts.get(key) ?? 0;
}
const sum = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);

export async function countYear(db: Db, year: number, now: Date): Promise<YearFigures> {
  const range = yearRange(year);
  const [reasons, closed, flags, kinds, rules, appeals, suspendedAtYearEnd] = await Promise.all([
    reportsByReason(db, range),
    reportsClosedIn(db, range),
    flagsByDirection(db, range),
    actionsByKind(db, range, MODERATION_ACTIONS),
    actionsByRule(db, range, ENFORCING_ACTIONS),
    appealFigures(db, range),
    suspendedAt(db, range.to),
  ]);
  const reason = countsBy(reasons, (row) => row.reason);
  const kind = countsBy(kinds, (row) => row.kind);
  const rule = countsBy(rules, (row) => row.rule);
  const direction = countsBy(flags, (row) => row.direction);
  const byReason = REPORT_REASONS.map((key) => ({ reason: key, count: reason(key) }));
  const byKind = MODERATION_ACTIONS.map((key) => ({ kind: key, count: kind(key) }));
  const seconds =
    closed.medianSeconds === null ? null : Math.round(closed.medianSeconds * 1000) / 1000;
  return {
    year,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    live: range.to > now,
    countedAt: now.toISOString(),
    reports: {
      received: sum(byReason),
      byReason,
      fromOtherServers: direction("in"),
      aboutOtherServers: direction("out"),
      closed: closed.closed,
      medianTimeToAction: seconds === null ? null : { seconds, label: durationLabel(seconds) },
    },
    actions: {
      total: sum(byKind),
      byKind,
      byRule: [...REPORT_REASONS, null].map((key) => ({ rule: key, count: rule(key) })),
    },
    appeals,
    suspensions: { suspended: kind("suspend"), suspendedAtYearEnd },
  };
}

/** The first and the latest moment anything the report counts was recorded: a report here or
 * across servers, or a moderator's action; nulls when nothing was. */
export async function recordSpan(db: Db): Promise<{ first: Date | null; last: Date | null }> {
  const spans = await Promise.all([
    reportSpan(db),
    flagSpan(db),
    actionSpan(db, MODERATION_ACTIONS),
  ]);
  const times = (pick: "first" | "last") =>
    spans
      .map((span) => span[pick])
      .filter((at): at is Date => at !== null)
      .map((at) => at.getTime());
  const firsts = times("first");
  const lasts = times("last");
  return {
    first: firsts.length ? new Date(Math.min(...firsts)) : null,
    last: lasts.length ? new Date(Math.max(...lasts)) : null,
  };
}
