// What the transparency report reads and writes of the moderation record (docs/safety.md
// "Transparency report"): the year's actions and appeals, counted in figures-queries.ts, and the
// moderators' statement, written in the caller's transaction beside its audit row.
import type { Db } from "../../db/client";
import { deleteStatement, statementRow, upsertStatement } from "./statement-queries";

export {
  actionSpan,
  actionsByKind,
  actionsByRule,
  appealFigures,
  suspendedAt,
} from "./figures-queries";

export async function statementOf(db: Db, year: number) {
  const row = await statementRow(db, year);
  return row ? { text: row.text, updatedAt: row.updatedAt.toISOString() } : null;
}

/** Sets the year's statement, or removes it when `text` is empty; whether anything changed. */
export const writeStatement = (
  tx: Db,
  input: { year: number; text: string; moderatorId: string; at: Date },
): Promise<boolean> =>
  input.text === ""
    ? deleteStatement(tx, input.year)
    : upsertStatement(tx, {
        year: input.year,
        text: input.text,
        updatedBy: input.moderatorId,
        updatedAt: input.at,
      });
