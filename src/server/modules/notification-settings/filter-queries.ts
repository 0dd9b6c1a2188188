// SQL of the filter of new accounts (docs/notifications.md "Requests"): whether a person has it
// on and has accepted a sender, and the senders they accept.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { acceptedSenders, notificationSettings } from "../../db/schema/notifications";
import type { Sender } from "../../policy/new-accounts";

/** Whether the person filters new accounts, and whether they accepted this sender: one round
 * trip, asked for each comment, mention and message that reaches them. */
export async function filterStateOf(
  db: Db,
  { userId, sender }: { userId: string; sender: Sender },
): Promise<{ on: boolean; accepted: boolean }> {
  const senderMatch =
    "userId" in sender
      ? sql`a.sender_id = ${sender.userId}`
      : sql`a.fed_actor_id = ${sender.fedActorId}`;
  const [row] = await queryRows<{ on: boolean | null; accepted: boolean }>(
    db,
    sql`select
        (select s.filter_new_accounts from ${notificationSettings} s where s.user_id = ${userId}) as on,
        exists (select 1 from ${acceptedSenders} a where a.user_id = ${userId} and ${senderMatch})
          as accepted`,
  );
  return { on: row?.on === true, accepted: row?.accepted === true };
}

/** filterStateOf for a sender of ours, as one json value on two columns, for a statement that
 * asks it with other things (the send's one read: docs/mail.md "Sending"). */
export const filterStateSql = (userId: SQL, senderId: SQL): SQL =>
  sql`json_build_object(
    'on', coalesce((select s.filter_new_accounts from ${notificationSettings} s where s.user_id = ${userId}), false),
    'accepted', exists (select 1 from ${acceptedSenders} a where a.user_id = ${userId} and a.sender_id = ${senderId}))`;

/** Accepts the sender; accepting twice keeps one row. */
export async function insertAcceptedSender(
  db: Db,
  { userId, sender }: { userId: string; sender: Sender },
): Promise<void> {
  await db
    .insert(acceptedSenders)
    .values(
      "userId" in sender
        ? { userId, senderId: sender.userId }
        : { userId, fedActorId: sender.fedActorId },
    )
    .onConflictDoNothing();
}
