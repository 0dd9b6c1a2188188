// SQL for mail: threads found or created by their pair key, each member's thread list and unread
// flags, messages newest first, and the notice throttle (docs/mail.md "Data").
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client";
import { type Cursor, keysetBefore, newestFirst } from "../../db/keyset";
import { users } from "../../db/schema/auth";
import { chatMessages, chatThreadMembers, chatThreads } from "../../db/schema/mail";
import { profiles } from "../../db/schema/profiles";
import { nameNotHeld } from "../../policy/held-names";
import { type PersonRow, personColumns } from "../profiles/person";

export type Direction = "internal" | "outbound" | "inbound";

/**
 * The thread with this pair key, created with its members when it does not exist: one statement
 * (no transaction of its own, so none nests inside the caller's). When a concurrent creator's row
 * was committed after this statement began, its INSERT … ON CONFLICT finds the key taken but its
 * snapshot does not show the row; a second read, with a new snapshot, does.
 */
export async function findOrCreateThread(
  db: Db,
  input: { pairKey: string; memberIds: string[]; externalAddress: string | null },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with created as (
          insert into ${chatThreads} (is_direct, pair_key, external_address)
          values (true, ${input.pairKey}, ${input.externalAddress})
          on conflict (pair_key) do nothing
          returning id
        ), members as (
          insert into ${chatThreadMembers} (thread_id, user_id)
          select created.id, member from created, unnest(${sql.param(input.memberIds)}::text[]) as member
        )
        select id from created
        union all
        select id from ${chatThreads} where pair_key = ${input.pairKey}
        limit 1`,
  );
  if (row) return row.id;
  const [found] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(eq(chatThreads.pairKey, input.pairKey))
    .limit(1);
  if (!found) throw new Error(`thread ${input.pairKey} vanished`);
  return found.id;
}

/** The thread as one member sees it, or undefined when the viewer is not a member. */
export async function findMemberThread(
  db: Db,
  { threadId, userId }: { threadId: string; userId: string },
) {
  const [row] = await db
    .select({
      id: chatThreads.id,
      externalAddress: chatThreads.externalAddress,
      lastMessageAt: chatThreadMembers.lastMessageAt,
      unread: chatThreadMembers.unread,
      request: chatThreadMembers.request,
    })
    .from(chatThreadMembers)
    .innerJoin(chatThreads, eq(chatThreads.id, chatThreadMembers.threadId))
    .where(and(eq(chatThreadMembers.threadId, threadId), eq(chatThreadMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function threadMemberIds(db: Db, threadId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: chatThreadMembers.userId })
    .from(chatThreadMembers)
    .where(eq(chatThreadMembers.threadId, threadId));
  return rows.map((r) => r.userId);
}

/** One page of a member's threads, newest message first, on chat_thread_members_list_idx: their
 * list, or (`requests`) their message requests waiting (docs/mail.md "Message requests"). */
export async function listThreads(
  db: Db,
  input: { userId: string; limit: number; cursor: Cursor | null; requests?: boolean },
) {
  return db
    .select({
      id: chatThreadMembers.threadId,
      lastMessageAt: chatThreadMembers.lastMessageAt,
      unread: chatThreadMembers.unread,
      request: chatThreadMembers.request,
    })
    .from(chatThreadMembers)
    .where(
      and(
        eq(chatThreadMembers.userId, input.userId),
        isNotNull(chatThreadMembers.lastMessageAt),
        input.requests
          ? eq(chatThreadMembers.request, "pending")
          : isNull(chatThreadMembers.request),
        keysetBefore(
          { at: chatThreadMembers.lastMessageAt, id: chatThreadMembers.threadId, idType: "uuid" },
          input.cursor,
        ),
      ),
    )
    .orderBy(newestFirst(chatThreadMembers.lastMessageAt), newestFirst(chatThreadMembers.threadId))
    .limit(input.limit + 1);
}

/** The id of the thread's newest message, from the thread index. */
const newestMessageId = (threadId: SQL) =>
  sql`(select m.id from chat_messages m where m.thread_id = ${threadId}
        order by m.created_at desc, m.id desc limit 1)`;

const viewerRow = alias(chatThreadMembers, "viewer_row");
const otherRow = alias(chatThreadMembers, "other_row");

/**
 * One thread as its member `userId` opens it, in one statement: their row, the outside address
 * or the other member (as a person, and their id for the refusal check), and the newest message
 * with its sender, as threadParties and latestMessages read them for a list; undefined when the
 * viewer is not a member.
 */
export async function findThreadView(
  db: Db,
  { threadId, userId }: { threadId: string; userId: string },
) {
  const [row] = await db
    .select({
      thread: {
        id: chatThreads.id,
        lastMessageAt: viewerRow.lastMessageAt,
        unread: viewerRow.unread,
        request: viewerRow.request,
      },
      externalAddress: chatThreads.externalAddress,
      otherId: otherRow.userId,
      person: personColumns,
      message: chatMessages,
      sender: sql<PersonRow | null>`(select ${personJson} from ${profiles}
        where ${profiles.userId} = ${chatMessages.senderId})`,
    })
    .from(viewerRow)
    .innerJoin(chatThreads, eq(chatThreads.id, viewerRow.threadId))
    .leftJoin(otherRow, and(eq(otherRow.threadId, chatThreads.id), ne(otherRow.userId, userId)))
    .leftJoin(profiles, eq(profiles.userId, otherRow.userId))
    .leftJoin(chatMessages, sql`${chatMessages.id} = ${newestMessageId(sql`${chatThreads.id}`)}`)
    .where(and(eq(viewerRow.threadId, threadId), eq(viewerRow.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  const { thread, externalAddress, otherId, person, message, sender } = row;
  return {
    thread,
    otherId,
    party: { threadId: thread.id, externalAddress, person },
    latest: message ? { message, sender } : undefined,
  };
}

/** For each thread: the outside address, or the other member as a person (one query). */
export async function threadParties(
  db: Db,
  { threadIds, userId }: { threadIds: string[]; userId: string },
) {
  if (threadIds.length === 0) return [];
  return db
    .select({
      threadId: chatThreads.id,
      externalAddress: chatThreads.externalAddress,
      person: personColumns,
    })
    .from(chatThreads)
    .leftJoin(
      chatThreadMembers,
      and(eq(chatThreadMembers.threadId, chatThreads.id), ne(chatThreadMembers.userId, userId)),
    )
    .leftJoin(profiles, eq(profiles.userId, chatThreadMembers.userId))
    .where(inArray(chatThreads.id, threadIds));
}

const messageColumns = { message: chatMessages, sender: personColumns };

/** The newest message of each of these threads (one query, each read from the thread index). */
export async function latestMessages(db: Db, threadIds: string[]) {
  if (threadIds.length === 0) return [];
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(profiles, eq(profiles.userId, chatMessages.senderId))
    .where(
      sql`${chatMessages.id} in (
        select ${newestMessageId(sql`t.id`)} from unnest(${sql.param(threadIds)}::uuid[]) as t(id))`,
    );
}

export type MessageRow = Awaited<ReturnType<typeof latestMessages>>[number];

/** One page of a thread's messages, newest first (spec-1 §7: limit 50, created_at cursor). */
export async function listMessages(
  db: Db,
  input: { threadId: string; limit: number; cursor: Cursor | null },
) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(profiles, eq(profiles.userId, chatMessages.senderId))
    .where(
      and(
        eq(chatMessages.threadId, input.threadId),
        keysetBefore(
          { at: chatMessages.createdAt, id: chatMessages.id, idType: "uuid" },
          input.cursor,
        ),
      ),
    )
    .orderBy(newestFirst(chatMessages.createdAt), newestFirst(chatMessages.id))
    .limit(input.limit + 1);
}

/** The sender as `personColumns` reads them, as one json object (for insertMessage's answer). */
const personJson = sql`json_build_object(${sql.join(
  Object.entries(personColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

/** A stored message's id and time, the thread's members, and the sender (a member) as shown. */
export interface InsertedMessage {
  id: string;
  createdAt: Date;
  memberIds: string[];
  sender: PersonRow | null;
  /** The outbox rows written with it (`insertMessage`'s `outboxRows`), in order. */
  outboxIds: number[];
}

/**
 * Inserts a message and, in the same statement, moves the thread's and every member's newest
 * message time (to the millisecond, as keyset cursors read it) and marks it unread for everyone
 * but its sender. Answers what the message is shown with (its id, time and sender) and the
 * thread's members, for its live event, so nothing is read again. `outboxRows`, the insert of
 * outbox rows (outbox.ts `runStatement`), writes them in the same statement.
 */
export async function insertMessage(
  db: Db,
  values: {
    threadId: string;
    senderId: string | null;
    senderAddress?: string | null;
    subject: string | null;
    body: string;
    direction: Direction;
    messageId?: string | null;
    suspicious?: boolean;
    attachmentsDropped?: number;
  },
  outboxRows: SQL | null = null,
): Promise<InsertedMessage> {
  const [row] = await queryRows<{
    id: string;
    at: Date | string;
    member_ids: string[];
    sender: PersonRow | null;
    outbox_ids: (number | string)[];
  }>(
    db,
    sql`with message as (
          insert into ${chatMessages} (thread_id, sender_id, sender_address, subject, body,
            direction, message_id, suspicious, attachments_dropped)
          values (${values.threadId}, ${values.senderId}, ${values.senderAddress ?? null},
            ${values.subject}, ${values.body}, ${values.direction}, ${values.messageId ?? null},
            ${values.suspicious ?? false}, ${values.attachmentsDropped ?? 0})
          returning id, date_trunc('milliseconds', created_at) as at
        ), thread as (
          update ${chatThreads} set last_message_at = message.at, updated_at = message.at
          from message where ${chatThreads}.id = ${values.threadId}
        ), members as (
          update ${chatThreadMembers}
          set last_message_at = message.at,
              unread = ${values.senderId}::text is null or user_id <> ${values.senderId}::text
          from message where thread_id = ${values.threadId}
          returning user_id
        ), outbox_rows as (${outboxRows ?? sql`select null::bigint as id where false`})
        select message.id, message.at, array(select user_id from members) as member_ids,
          (select ${personJson} from ${profiles} where ${profiles.userId} = ${values.senderId})
            as sender,
          array(select id from outbox_rows) as outbox_ids
        from message`,
  );
  if (!row) throw new Error("message not inserted");
  return {
    id: row.id,
    createdAt: new Date(row.at),
    memberIds: row.member_ids,
    sender: row.sender,
    outboxIds: row.outbox_ids.map(Number),
  };
}

/** Takes back a message its mail server refused for good (docs/mail.md "Outbound"). */
export async function deleteMessage(db: Db, messageId: string): Promise<void> {
  await db.delete(chatMessages).where(eq(chatMessages.id, messageId));
}

/** Marks the thread read for this member; true when it was unread. */
export async function markThreadRead(
  db: Db,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .update(chatThreadMembers)
    .set({ unread: false, notifiedAt: null })
    .where(
      and(
        eq(chatThreadMembers.threadId, threadId),
        eq(chatThreadMembers.userId, userId),
        eq(chatThreadMembers.unread, true),
      ),
    )
    .returning({ threadId: chatThreadMembers.threadId });
  return rows.length > 0;
}

/** Threads with something unread for this person (the menu's Mail badge), requests aside. */
export async function countUnreadThreads(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatThreadMembers)
    .where(
      and(
        eq(chatThreadMembers.userId, userId),
        eq(chatThreadMembers.unread, true),
        isNull(chatThreadMembers.request),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Claims this member's e-mail notice for the thread: at most one per `minutes`. Answers their
 * sign-up address when claimed.
 */
export async function claimNotice(
  db: Db,
  input: { threadId: string; userId: string; minutes: number },
): Promise<string | null> {
  const [row] = await db
    .update(chatThreadMembers)
    .set({ notifiedAt: new Date() })
    .from(users)
    .where(
      and(
        eq(chatThreadMembers.threadId, input.threadId),
        eq(chatThreadMembers.userId, input.userId),
        eq(users.id, chatThreadMembers.userId),
        or(
          isNull(chatThreadMembers.notifiedAt),
          lt(chatThreadMembers.notifiedAt, sql`now() - make_interval(mins => ${input.minutes})`),
        ),
      ),
    )
    .returning({ email: users.email });
  return row?.email ?? null;
}

/** The person whose address on our mail domain has this local part (username or default). */
export async function findUserByLocalPart(db: Db, localPart: string) {
  const local = localPart.toLowerCase();
  const [row] = await db
    .select({ ...personColumns, chtchtEmail: profiles.chtchtEmail })
    .from(profiles)
    .where(
      or(
        sql`lower(${profiles.username}) = ${local}`,
        sql`lower(${profiles.defaultUsername}) = ${local}`,
      ),
    )
    .orderBy(sql`(lower(${profiles.username}) = ${local}) is true desc`)
    .limit(1);
  return row;
}

/** Who mail to `localPart`@ our domain is for: nobody while the name is held back after an
 * account was deleted (policy/held-names.ts), even were the name somehow someone's again. */
export async function findMailRecipient(db: Db, localPart: string): Promise<string | null> {
  const local = localPart.toLowerCase();
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(
        or(
          sql`lower(${profiles.username}) = ${local}`,
          sql`lower(${profiles.defaultUsername}) = ${local}`,
        ),
        nameNotHeld(local),
      ),
    )
    .orderBy(sql`(lower(${profiles.username}) = ${local}) is true desc`)
    .limit(1);
  return row?.userId ?? null;
}

/** The thread of a member that holds one of these Message-IDs (replies find their thread). */
export async function threadOfMessageIds(
  db: Db,
  { userId, messageIds }: { userId: string; messageIds: string[] },
): Promise<string | null> {
  if (messageIds.length === 0) return null;
  const [row] = await db
    .select({ threadId: chatMessages.threadId })
    .from(chatMessages)
    .innerJoin(
      chatThreadMembers,
      and(
        eq(chatThreadMembers.threadId, chatMessages.threadId),
        eq(chatThreadMembers.userId, userId),
      ),
    )
    .where(inArray(chatMessages.messageId, messageIds))
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  return row?.threadId ?? null;
}

/** The thread with this pair key, if it was ever opened (nothing is created). */
export async function threadIdByPairKey(db: Db, pairKey: string): Promise<string | null> {
  const [row] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(eq(chatThreads.pairKey, pairKey))
    .limit(1);
  return row?.id ?? null;
}
