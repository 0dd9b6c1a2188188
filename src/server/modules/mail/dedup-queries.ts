// SQL that keeps inbound mail from being stored twice (docs/mail.md "Inbound"): the Message-IDs
// each person was given, claimed in the store's own transaction, and their sweep.
import { lt, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { inboundMessageIds } from "../../db/schema/mail";

/**
 * Records that `userId` is given the mail `messageId`; false when they were given it within the
 * last `days` (a sending server's retry). The primary key decides, so of two deliveries at once
 * the second waits for the first's commit and finds it.
 */
export async function claimInboundMessageId(
  tx: Db,
  { userId, messageId, days }: { userId: string; messageId: string; days: number },
): Promise<boolean> {
  const claimed = await queryRows<{ one: number }>(
    tx,
    sql`insert into ${inboundMessageIds} (user_id, message_id) values (${userId}, ${messageId})
        on conflict (user_id, message_id) do update set received_at = now()
        where ${inboundMessageIds.receivedAt} < now() - make_interval(days => ${days}::int)
        returning 1 as one`,
  );
  return claimed.length > 0;
}

/** Deletes the Message-IDs received before `before`; how many. */
export async function deleteInboundMessageIds(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(inboundMessageIds)
    .where(lt(inboundMessageIds.receivedAt, before))
    .returning({ userId: inboundMessageIds.userId });
  return deleted.length;
}
