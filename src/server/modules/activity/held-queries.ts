// SQL of the rows the filter of new accounts held (docs/notifications.md "Requests"): the
// recipient's held comments, replies and mentions, newest first, with the Activity page's rule of
// who and what they may still see; releasing a sender's rows into Activity, or dropping them.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { userActivity } from "../../db/schema/activity";
import type { Sender } from "../../policy/new-accounts";
import { postStillSeen, shownActor } from "./queries";

export interface HeldRow {
  id: number | string;
  type: "COMMENT" | "REPLY" | "MENTION";
  actor_id: string | null;
  fed_actor_id: string | null;
  post_id: string | null;
  fed_note_id: string | null;
  post_snippet: string | null;
  comment_snippet: string | null;
  created_at: Date | string;
}

/** Enough rows for the Requests page's senders and items (served by user_activity_held_idx). */
const HELD_ROWS = 1000;

export async function heldRows(db: Db, recipientId: string): Promise<HeldRow[]> {
  return queryRows<HeldRow>(
    db,
    sql`select id, type, actor_id, fed_actor_id, post_id, fed_note_id, post_snippet,
        comment_snippet, created_at
      from user_activity where recipient_id = ${recipientId} and held
        and ${shownActor(recipientId, sql`actor_id`)}
        and ${postStillSeen(recipientId, sql`post_id`)}
      order by created_at desc limit ${HELD_ROWS}`,
  );
}

const fromSender = (recipientId: string, sender: Sender) =>
  and(
    eq(userActivity.recipientId, recipientId),
    eq(userActivity.held, true),
    "userId" in sender
      ? eq(userActivity.actorId, sender.userId)
      : eq(userActivity.fedActorId, sender.fedActorId),
  );

/** The sender's held rows join Activity, unread; how many. */
export async function releaseHeldRows(
  db: Db,
  { recipientId, sender }: { recipientId: string; sender: Sender },
): Promise<number> {
  const rows = await db
    .update(userActivity)
    .set({ held: false })
    .where(fromSender(recipientId, sender))
    .returning({ id: userActivity.id });
  return rows.length;
}

/** The sender's held rows go. */
export async function deleteHeldRows(
  db: Db,
  { recipientId, sender }: { recipientId: string; sender: Sender },
): Promise<void> {
  await db.delete(userActivity).where(fromSender(recipientId, sender));
}
