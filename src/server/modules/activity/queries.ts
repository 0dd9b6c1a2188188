// SQL for user_activity.
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userActivity } from "../../db/schema/activity";

/** Served by the partial index user_activity_unread_idx. */
export async function countUnread(db: Db, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userActivity)
    .where(and(eq(userActivity.recipientId, recipientId), isNull(userActivity.readAt)));
  return Number(row?.n ?? 0);
}
