// SQL for moderation_appeals (db/schema/audit.ts, docs/safety.md "Appeals"): one appeal per
// action (the unique index moderation_appeals_action_idx), read by its author beside their
// standing and by moderators in their queue, decided once.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Cursor, keysetBefore, newestFirst } from "../../db/keyset";
import { moderationActions, moderationAppeals } from "../../db/schema/audit";

export type AppealRow = typeof moderationAppeals.$inferSelect;

/** The new appeal's id, or null when the action has one already (a second appeal, or one sent
 * at the same moment: the unique index decides). */
export async function insertAppeal(
  tx: Db,
  appeal: { actionId: string; userId: string; text: string; createdAt: Date },
): Promise<string | null> {
  const [row] = await tx
    .insert(moderationAppeals)
    .values(appeal)
    .onConflictDoNothing({ target: moderationAppeals.actionId })
    .returning({ id: moderationAppeals.id });
  return row?.id ?? null;
}

export async function findAppeal(db: Db, id: string): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(moderationAppeals).where(eq(moderationAppeals.id, id));
  return row;
}

/** The appeals of these actions (at most one each). */
export function appealsOfActions(db: Db, actionIds: string[]): Promise<AppealRow[]> {
  if (actionIds.length === 0) return Promise.resolve([]);
  return db.select().from(moderationAppeals).where(inArray(moderationAppeals.actionId, actionIds));
}

/** Open appeals newest first (moderation_appeals_open_idx), or decided ones by their decision,
 * newest first; each with its action, one more than `limit`. */
export function appealQueueRows(
  db: Db,
  { status, limit, after }: { status: "open" | "decided"; limit: number; after: Cursor | null },
) {
  const at = status === "open" ? moderationAppeals.createdAt : sql`${moderationAppeals.decidedAt}`;
  const bound = keysetBefore({ at, id: moderationAppeals.id, idType: "uuid" }, after);
  return db
    .select({ appeal: moderationAppeals, action: moderationActions })
    .from(moderationAppeals)
    .innerJoin(moderationActions, eq(moderationActions.id, moderationAppeals.actionId))
    .where(
      and(
        status === "open"
          ? eq(moderationAppeals.status, "open")
          : ne(moderationAppeals.status, "open"),
        bound,
      ),
    )
    .orderBy(
      status === "open" ? newestFirst(moderationAppeals.createdAt) : desc(at),
      desc(moderationAppeals.id),
    )
    .limit(limit + 1);
}

/** Decides an open appeal: the decided row, or null when it was decided already (its row is
 * locked by the update, so two decisions at once make one). */
export async function decideAppealRow(
  tx: Db,
  input: {
    id: string;
    status: "approved" | "rejected";
    decidedBy: string;
    reason: string | null;
    at: Date;
  },
): Promise<AppealRow | null> {
  const [row] = await tx
    .update(moderationAppeals)
    .set({
      status: input.status,
      decidedBy: input.decidedBy,
      decisionReason: input.reason,
      decidedAt: input.at,
    })
    .where(and(eq(moderationAppeals.id, input.id), eq(moderationAppeals.status, "open")))
    .returning();
  return row ?? null;
}
