// SQL of message requests (docs/mail.md "Message requests"): a member's copy of a direct thread
// that waits under Requests (`pending`) or was put aside (`dismissed`), kept on the member's row
// of chat_thread_members; neither is in the member's thread list or unread count.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatThreadMembers, chatThreads } from "../../db/schema/mail";

export type RequestState = "pending" | "dismissed" | null;

const member = (threadId: string, userId: string) =>
  and(eq(chatThreadMembers.threadId, threadId), eq(chatThreadMembers.userId, userId));

/** A member's copy of the thread: whether it is a request, and whether the thread had a message. */
export async function memberCopy(
  db: Db,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<{ request: RequestState; hadMessage: boolean } | undefined> {
  const [row] = await db
    .select({ request: chatThreadMembers.request, lastMessageAt: chatThreadMembers.lastMessageAt })
    .from(chatThreadMembers)
    .where(member(threadId, userId))
    .limit(1);
  return row && { request: row.request as RequestState, hadMessage: row.lastMessageAt !== null };
}

/** Sets a member's copy to a request, or back into their list (null). */
export async function setRequest(
  db: Db,
  { threadId, userId, request }: { threadId: string; userId: string; request: RequestState },
): Promise<boolean> {
  const rows = await db
    .update(chatThreadMembers)
    .set({ request })
    .where(
      and(
        member(threadId, userId),
        request === null
          ? isNotNull(chatThreadMembers.request)
          : sql`${chatThreadMembers.request} is distinct from ${request}`,
      ),
    )
    .returning({ threadId: chatThreadMembers.threadId });
  return rows.length > 0;
}

/** How many requests wait for the member. */
export async function countRequests(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatThreadMembers)
    .where(and(eq(chatThreadMembers.userId, userId), eq(chatThreadMembers.request, "pending")))
    .limit(1);
  return row?.n ?? 0;
}

/** The member's copy of the direct thread with `pairKey` goes back into their list, waiting or
 * put aside; the thread's id when it was a request. */
export async function releaseRequest(
  db: Db,
  { userId, pairKey }: { userId: string; pairKey: string },
): Promise<string | null> {
  const rows = await db
    .update(chatThreadMembers)
    .set({ request: null })
    .where(
      and(
        eq(chatThreadMembers.userId, userId),
        isNotNull(chatThreadMembers.request),
        eq(
          chatThreadMembers.threadId,
          sql`(select ${chatThreads.id} from ${chatThreads} where ${chatThreads.pairKey} = ${pairKey})`,
        ),
      ),
    )
    .returning({ threadId: chatThreadMembers.threadId });
  return rows[0]?.threadId ?? null;
}
