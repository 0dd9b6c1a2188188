// SQL for the moderation record (db/schema/audit.ts): the audit log, the actions taken on one
// person (their account standing) and the notices moderation leaves a person. Moderators are shown
// with the profile's person columns (profiles/person.ts), joined here as every list does.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { ReportReason, ReportTarget } from "../../../domain/report-reasons";
import type { Db } from "../../db/client";
import { type Cursor, keysetBefore } from "../../db/keyset";
import { moderationActions, moderationNotices } from "../../db/schema/audit";
import { profiles } from "../../db/schema/profiles";
import { personColumns } from "../profiles/person";

export interface NewModerationAction {
  moderatorId: string;
  action: string;
  /** What was acted on: a reported thing, a tag kept out of trending (docs/search.md
   * "Trending tags") or the year of a transparency statement (docs/safety.md "Transparency
   * report"), which have no person. */
  targetType: ReportTarget | "tag" | "year";
  targetId: string;
  targetUserId: string | null;
  reason: string;
  /** The rule the action enforces (docs/safety.md "Moderate"), when it enforces one. */
  rule?: ReportReason | null;
  /** Told to the people whose reports the action closed (docs/safety.md "Reporters hear back"). */
  reporterNote?: string | null;
  until?: Date | null;
  createdAt?: Date;
}

/** The new entry's id. */
export async function insertModerationAction(tx: Db, entry: NewModerationAction): Promise<string> {
  const [row] = await tx
    .insert(moderationActions)
    .values(entry)
    .returning({ id: moderationActions.id });
  if (!row) throw new Error("moderation action not stored");
  return row.id;
}

export type ModerationActionRow = typeof moderationActions.$inferSelect;

export async function findModerationAction(
  db: Db,
  id: string,
): Promise<ModerationActionRow | undefined> {
  const [row] = await db.select().from(moderationActions).where(eq(moderationActions.id, id));
  return row;
}

/** The newest `limit` actions of these kinds taken on the person (moderation_actions_target_user_idx). */
export function actionsOnPersonRows(
  db: Db,
  { userId, actions, limit }: { userId: string; actions: readonly string[]; limit: number },
): Promise<ModerationActionRow[]> {
  return db
    .select()
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.targetUserId, userId),
        inArray(moderationActions.action, [...actions]),
      ),
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
}

export async function setActionReversed(tx: Db, { id, at }: { id: string; at: Date }) {
  await tx
    .update(moderationActions)
    .set({ reversedAt: at })
    .where(and(eq(moderationActions.id, id), isNull(moderationActions.reversedAt)));
}

/** What a reporter is told of each action: its kind, what it was on, the note to reporters. */
export function reportOutcomeRows(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      targetType: moderationActions.targetType,
      reporterNote: moderationActions.reporterNote,
    })
    .from(moderationActions)
    .where(inArray(moderationActions.id, ids));
}

/** The audit log, newest first, one more than `limit`, each entry with its moderator. */
export function moderationLogRows(
  db: Db,
  { limit, after }: { limit: number; after: Cursor | null },
) {
  const bound = keysetBefore(
    { at: moderationActions.createdAt, id: moderationActions.id, idType: "uuid" },
    after,
  );
  return db
    .select({ entry: moderationActions, moderator: personColumns })
    .from(moderationActions)
    .innerJoin(profiles, eq(profiles.userId, moderationActions.moderatorId))
    .where(bound)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit + 1);
}

/** Entries about the person's profile keep their row but no longer name it. */
export async function renameProfileTarget(db: Db, userId: string, to: string): Promise<void> {
  await db
    .update(moderationActions)
    .set({ targetId: to })
    .where(
      and(eq(moderationActions.targetType, "profile"), eq(moderationActions.targetId, userId)),
    );
}

export async function insertNotice(
  tx: Db,
  notice: { userId: string; text: string; createdAt: Date },
) {
  await tx.insert(moderationNotices).values(notice);
}

/** The notices the person has not dismissed, oldest first (at most 20). */
export function unseenNotices(db: Db, userId: string) {
  return db
    .select({
      id: moderationNotices.id,
      text: moderationNotices.text,
      createdAt: moderationNotices.createdAt,
    })
    .from(moderationNotices)
    .where(and(eq(moderationNotices.userId, userId), isNull(moderationNotices.seenAt)))
    .orderBy(moderationNotices.createdAt)
    .limit(20);
}

export async function markNoticeSeenRow(db: Db, { userId, id }: { userId: string; id: string }) {
  await db
    .update(moderationNotices)
    .set({ seenAt: new Date() })
    .where(and(eq(moderationNotices.id, id), eq(moderationNotices.userId, userId)));
}
