// SQL for the moderation record (db/schema/audit.ts): the audit log and the notices moderation
// leaves a person. Moderators are shown with the profile's person columns (profiles/person.ts),
// joined here as every list does.
import { and, desc, eq, isNull } from "drizzle-orm";
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
  until?: Date | null;
  createdAt?: Date;
}

export async function insertModerationAction(tx: Db, entry: NewModerationAction) {
  await tx.insert(moderationActions).values(entry);
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
