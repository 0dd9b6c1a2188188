// What safety asks of the appeals (docs/safety.md "Appeals"), in the caller's transaction: a new
// appeal (one per action), the appeals of a person's actions, the moderators' queue and a decision
// made once.
import type { Db } from "../../db/client";
import type { Cursor } from "../../db/keyset";
import {
  appealQueueRows,
  appealsOfActions,
  decideAppealRow,
  findAppeal,
  insertAppeal,
} from "./appeal-queries";

export type { AppealRow } from "./appeal-queries";

export const fileAppealRow = (
  tx: Db,
  appeal: { actionId: string; userId: string; text: string; createdAt: Date },
) => insertAppeal(tx, appeal);

export const appealById = (db: Db, id: string) => findAppeal(db, id);

export const appealsOf = (db: Db, actionIds: string[]) => appealsOfActions(db, actionIds);

export const appealQueue = (
  db: Db,
  input: { status: "open" | "decided"; limit: number; after: Cursor | null },
) => appealQueueRows(db, input);

export const decideAppealOnce = (
  tx: Db,
  input: {
    id: string;
    status: "approved" | "rejected";
    decidedBy: string;
    reason: string | null;
    at: Date;
  },
) => decideAppealRow(tx, input);
