// The moderation record (docs/safety.md "Audit log"): what every moderator's work writes — a row
// of the audit log and a notice the person sees on their next visit, both in the caller's
// transaction (an action commits with its record) — and how it is read back. Safety's queue and
// badge review both write here; neither imports the other.
import type { ModerationLogEntry, Notice } from "../../../domain/contracts/safety";
import type { Db } from "../../db/client";
import { decodeCursor, pageOf } from "../../db/keyset";
import { toPersonSummary } from "../profiles/person";
import { peopleById } from "../profiles/rows";
import {
  actionsOnPersonRows,
  findModerationAction,
  insertModerationAction,
  insertNotice,
  markNoticeSeenRow,
  moderationLogRows,
  type NewModerationAction,
  renameProfileTarget,
  reportOutcomeRows,
  setActionReversed,
  unseenNotices,
} from "./queries";

export type { ModerationActionRow } from "./queries";

/** What an entry about a deleted person's profile names instead of them. */
export const DELETED_TARGET = "deleted-account";

/** Writes the entry; its id. */
export const logModerationAction = (tx: Db, entry: NewModerationAction) =>
  insertModerationAction(tx, entry);

export const moderationActionById = (db: Db, id: string) => findModerationAction(db, id);

/** The newest `limit` actions of these kinds taken on the person (their account standing). */
export const actionsOnPerson = (
  db: Db,
  input: { userId: string; actions: readonly string[]; limit: number },
) => actionsOnPersonRows(db, input);

/** An approved appeal undid the action (docs/safety.md "Appeals"). */
export const markActionReversed = (tx: Db, input: { id: string; at: Date }) =>
  setActionReversed(tx, input);

/** Each action's kind, target type and note to reporters, for the reporters' Activity
 * (docs/safety.md "Reporters hear back"). */
export const reportOutcomesOf = (db: Db, actionIds: string[]) => reportOutcomeRows(db, actionIds);

export const leaveNotice = (tx: Db, notice: { userId: string; text: string; createdAt: Date }) =>
  insertNotice(tx, notice);

/** The person's notices not yet dismissed, as their standing shows them. */
export async function noticesFor(db: Db, userId: string): Promise<Notice[]> {
  const rows = await unseenNotices(db, userId);
  return rows.map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt.toISOString() }));
}

export const markNoticeSeen = (db: Db, notice: { userId: string; id: string }) =>
  markNoticeSeenRow(db, notice);

/** The log keeps what moderators did and why, but an action on a deleted person's profile no
 * longer names them (its other columns that did are cleared by the cascade). */
export const forgetInAuditLog = (db: Db, userId: string) =>
  renameProfileTarget(db, userId, DELETED_TARGET);

/** A page of the audit log, newest first, each entry with its moderator and the person acted on
 * (the routes check the role). */
export async function auditLogPage(
  db: Db,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<{ items: ModerationLogEntry[]; nextCursor: string | null }> {
  const rows = await moderationLogRows(db, { limit, after: decodeCursor(cursor) });
  const { page, nextCursor } = pageOf(rows, limit, (r) => ({
    at: r.entry.createdAt,
    id: r.entry.id,
  }));
  const targets = await peopleById(
    db,
    page.map((r) => r.entry.targetUserId).filter((id): id is string => id !== null),
  );
  return {
    items: page.map(({ entry, moderator }) => ({
      id: entry.id,
      moderator: toPersonSummary(moderator),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetUser: (entry.targetUserId && targets.get(entry.targetUserId)) || null,
      reason: entry.reason,
      until: entry.until?.toISOString() ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
