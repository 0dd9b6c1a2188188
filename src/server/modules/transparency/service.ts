// The transparency report (docs/safety.md "Transparency report", in the manner of the EU Digital
// Services Act, Art. 15): for each UTC calendar year from the first one anything was reported or
// acted on to the current one, the figures counted from what the product records (figures.ts),
// kept a while (kept-figures.ts), with the moderators' statement for the year read fresh.

import type { z } from "zod";
import type {
  statementResponse,
  TransparencyReport,
  transparencyYears,
} from "../../../domain/contracts/transparency";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { logModerationAction } from "../audit/record";
import { statementOf, writeStatement } from "../audit/transparency";
import { countYear, recordSpan, type YearFigures } from "./figures";
import { keptPerDb, LIVE_MS, PAST_YEAR_MS } from "./kept-figures";

type Deps = Pick<AppContext, "db">;

const keptFigures = keptPerDb<string, YearFigures>(1 << 20);
const keptSpan = keptPerDb<"span", { first: Date | null; last: Date | null }>(1 << 12);

const noReport = () => notFound("There is no transparency report for that year.");

/** The years with a report: from the first record's to the current one (the current one alone
 * when nothing was recorded yet), and the latest with a record in it. */
async function reportYears(deps: Deps, now: Date) {
  const span = await keptSpan(deps.db, "span", LIVE_MS, () => recordSpan(deps.db));
  const current = now.getUTCFullYear();
  return {
    first: Math.min(span.first?.getUTCFullYear() ?? current, current),
    current,
    latest: Math.min(span.last?.getUTCFullYear() ?? current, current),
  };
}

async function requireReportYear(deps: Deps, year: number, now: Date) {
  const { first, current } = await reportYears(deps, now);
  if (year < first || year > current) throw noReport();
}

export async function transparencyYearsOf(
  deps: Deps,
  { now }: { now: Date },
): Promise<z.infer<typeof transparencyYears>> {
  const { first, current, latest } = await reportYears(deps, now);
  const years = Array.from({ length: current - first + 1 }, (_, i) => current - i);
  return { years, latest };
}

export async function transparencyReport(
  deps: Deps,
  { year, now }: { year: number; now: Date },
): Promise<TransparencyReport> {
  await requireReportYear(deps, year, now);
  const live = year === now.getUTCFullYear();
  const [figures, statement] = await Promise.all([
    keptFigures(deps.db, `${year}:${live}`, live ? LIVE_MS : PAST_YEAR_MS, () =>
      countYear(deps.db, year, now),
    ),
    statementOf(deps.db, year),
  ]);
  return { ...figures, statement };
}

/** A moderator writes the year's statement, or removes it with an empty one; the change and its
 * audit row commit together, and writing what is already there changes nothing (a retry). The
 * route has checked the role. */
export async function setStatement(
  deps: Pick<AppContext, "db" | "outbox">,
  input: { moderatorId: string; year: number; statement: string; now: Date },
): Promise<z.infer<typeof statementResponse>> {
  const { year, now, moderatorId } = input;
  await requireReportYear(deps, year, now);
  const text = input.statement.trim();
  await deps.outbox.transaction(async (tx) => {
    if (!(await writeStatement(tx, { year, text, moderatorId, at: now }))) return;
    await logModerationAction(tx, {
      moderatorId,
      action: text ? "write_statement" : "remove_statement",
      targetType: "year",
      targetId: String(year),
      targetUserId: null,
      reason: text || "Removed the statement",
      createdAt: now,
    });
  });
  return { year, statement: await statementOf(deps.db, year) };
}
