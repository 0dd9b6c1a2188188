// Whom a person may write to (docs/mail.md "Who can be written to", docs/safety.md "Block", "Who
// can reply and write"). Not oneself (spec-1 §5). Someone who does not exist, is suspended or
// blocked the writer answers alike, 'You can't message this person.', so a block is never
// revealed; someone the writer blocks must be unblocked first. Then the recipient's 'Who can
// message me': everyone, the people they follow, their friends, or nobody ('Ann doesn't accept
// messages from you.', naming no circle). It decides who may start a conversation; a thread the
// recipient has written in keeps going whatever they choose later, as Bluesky's chats do, so only
// a block ends one. Mail from outside reaches a person who is not open to everyone only in reply
// to them: a thread with that address they wrote in.
import { type SQL, sql } from "drizzle-orm";
import { displayName } from "../../domain/display-name";
import { ERROR_CODES } from "../../domain/error-codes";
import { displayHandle } from "../../domain/handles";
import { messagesRefusal } from "../../domain/reply-controls";
import { type Db, queryRows } from "../db/client";
import { type AppError, badRequest, conflict, forbidden } from "../errors";
import { BLOCKING_MESSAGE } from "./blocks";
import { inCircleWhen } from "./circles";
import { followsWriterSql } from "./new-accounts";
import { hasBlocked } from "./visibility";

export const SELF_MESSAGE = "You can't send a message to yourself.";
const CANNOT_MESSAGE = "You can't message this person.";

export const cannotMessage = () => forbidden(CANNOT_MESSAGE);

/** What the rule reads of a recipient, for the viewer (and the thread, when there is one). */
export interface RecipientFacts {
  fullName: string;
  username: string | null;
  defaultUsername: string;
  emailAddress: string;
  suspended: boolean;
  /** The viewer blocked them. */
  blocking: boolean;
  /** They blocked the viewer. */
  blocked: boolean;
  /** Their 'Who can message me' lets the viewer in (circles.ts). */
  inCircle: boolean;
  /** They have written in the thread. */
  hasWritten: boolean;
  /** They follow the viewer (who is then no stranger to them: docs/safety.md "New accounts"). */
  followsWriter: boolean;
}

/**
 * The recipient in `userId` as the rule reads them, as one json value (null when there is no such
 * person), so a statement can ask it beside other things: the send's one read asks it for each
 * member of the thread (docs/mail.md "Sending").
 */
export function recipientFactsSql({
  viewerId,
  userId,
  threadId,
}: {
  viewerId: string;
  userId: SQL;
  threadId: SQL | null;
}): SQL {
  const viewer = sql`${viewerId}::text`;
  const hasWritten = threadId
    ? sql`exists (select 1 from chat_messages w where w.thread_id = ${threadId} and w.sender_id = ${userId})`
    : sql`false`;
  return sql`(select json_build_object(
      'fullName', p.full_name, 'username', p.username, 'defaultUsername', p.default_username,
      'emailAddress', p.email_address, 'suspended', p.suspended_at is not null,
      'blocking', ${hasBlocked(viewer, userId)}, 'blocked', ${hasBlocked(userId, viewer)},
      'inCircle', ${inCircleWhen(sql`m.who_can_message`, userId, viewer)},
      'hasWritten', ${hasWritten},
      'followsWriter', ${followsWriterSql(userId, viewer)})
    from profiles p left join mail_preferences m on m.user_id = p.user_id
    where p.user_id = ${userId})`;
}

/**
 * Why the viewer may not write to the person `facts` describes (recipientFactsSql), or null when
 * they may: a thread the recipient wrote in is let through their 'Who can message me'.
 */
export function refusalOf(facts: RecipientFacts | null): AppError | null {
  if (!facts || facts.suspended) return cannotMessage();
  if (facts.blocking) return conflict(ERROR_CODES.conflict, BLOCKING_MESSAGE);
  if (facts.blocked) return cannotMessage();
  if (facts.inCircle || facts.hasWritten) return null;
  const handle = displayHandle(facts);
  const name = displayName({ fullName: facts.fullName, handle });
  return forbidden(messagesRefusal(name), ERROR_CODES.messagesClosed);
}

/** Whether the person has written in the thread: a conversation they are part of. */
async function hasWrittenIn(db: Db, { userId, threadId }: { userId: string; threadId: string }) {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from chat_messages where thread_id = ${threadId} and sender_id = ${userId}) as ok`,
  );
  return Boolean(row?.ok);
}

/**
 * Why the viewer may not write to the person, or null when they may: in the thread `threadId`
 * (a thread the recipient wrote in is let through their 'Who can message me'), or to start one
 * (`threadId` null). The same answer for every way in: the Message button, the composer and each
 * message (docs/mail.md "Who can be written to"). One statement.
 */
export async function messageRefusal(
  db: Db,
  { viewerId, userId, threadId }: { viewerId: string; userId: string; threadId: string | null },
): Promise<AppError | null> {
  if (userId === viewerId) return badRequest(ERROR_CODES.validation, SELF_MESSAGE);
  const facts = recipientFactsSql({
    viewerId,
    userId: sql`${userId}::text`,
    threadId: threadId === null ? null : sql`${threadId}::uuid`,
  });
  const [row] = await queryRows<{ facts: RecipientFacts | null }>(
    db,
    sql`select ${facts} as facts`,
  );
  return refusalOf(row?.facts ?? null);
}

/** Whether the person's 'Who can message me' lets in mail from anyone outside. */
async function openToOutside(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ who_can_message: string }>(
    db,
    sql`select who_can_message from mail_preferences where user_id = ${userId}`,
  );
  return (row?.who_can_message ?? "everyone") === "everyone";
}

/**
 * Whether mail from the outside `address` may reach the person (checked at RCPT TO, on the
 * envelope's sender): they are open to everyone, or they wrote to that address (docs/mail.md
 * "Inbound"). An outside address is nobody they follow.
 */
export async function outsideMayWrite(
  db: Db,
  { userId, address }: { userId: string; address: string },
): Promise<boolean> {
  if (await openToOutside(db, userId)) return true;
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (
          select 1 from chat_thread_members tm join chat_threads t on t.id = tm.thread_id
          where tm.user_id = ${userId} and tm.last_message_at is not null
            and t.external_address = ${address.toLowerCase()}
            and exists (select 1 from chat_messages m where m.thread_id = t.id and m.sender_id = ${userId})
        ) as ok`,
  );
  return Boolean(row?.ok);
}

/** Whether mail from outside may join this thread of the person's (checked once the message is
 * whole and its thread known): they are open to everyone, or they wrote in it. */
export async function outsideMayJoin(
  db: Db,
  { userId, threadId }: { userId: string; threadId: string },
): Promise<boolean> {
  return (await openToOutside(db, userId)) || hasWrittenIn(db, { userId, threadId });
}
