// What other moderators' work writes to safety's tables (docs/safety.md "Audit log", "Badges"): a
// row of the audit log and a notice the person sees on their next visit, in the caller's
// transaction (a badge decision commits with both).
import type { Db } from "../../db/client";
import { insertModerationAction, insertNotice } from "./queries";

export const logModerationAction = (tx: Db, entry: Parameters<typeof insertModerationAction>[1]) =>
  insertModerationAction(tx, entry);

export const leaveNotice = (tx: Db, notice: { userId: string; text: string; createdAt: Date }) =>
  insertNotice(tx, notice);
