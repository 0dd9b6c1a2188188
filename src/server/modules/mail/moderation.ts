// What safety reads and changes of a message (docs/safety.md "Report", "Moderate"), in the
// caller's transaction: the message a report points at with its thread's members (only they may
// report it), and its removal or restoration.
import type { Db } from "../../db/client";
import { findMessageRow, setMessageRemoved } from "./moderation-queries";
import { threadMemberIds } from "./queries";

export async function messageForReport(db: Db, messageId: string) {
  const row = await findMessageRow(db, messageId);
  return row && { ...row, memberIds: await threadMemberIds(db, row.threadId) };
}

/** Removes (`at`) or restores (`at` null) the message. */
export const setMessageRemovedForModeration = (tx: Db, messageId: string, at: Date | null) =>
  setMessageRemoved(tx, messageId, at);
