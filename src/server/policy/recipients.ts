// Whom a person may write to (docs/mail.md "Who can be written to", docs/safety.md "Block", "Who
// can reply and write"). Not oneself (spec-1 §5). Someone who does not exist, is suspended or
// blocked the writer answers alike, 'You can't message this person.', so a block is never
// revealed; someone the writer blocks must be unblocked first. Then the recipient's 'Who can
// message me': everyone, the people they follow, their friends, or nobody ('Ann doesn't accept
// messages from you.', naming no circle). It decides who may start a conversation; a thread the
// recipient has written in keeps going whatever they choose later, as Bluesky's chats do, so only
// a block ends one. Mail from outside reaches a person who is not open to everyone only in reply
// to them: a thread with that address they wrote in.
import { sql } from "drizzle-orm";
import { displayName } from "../../domain/display-name";
import { ERROR_CODES } from "../../domain/error-codes";
import { displayHandle } from "../../domain/handles";
import { isWhoMay, messagesRefusal, type WhoMay } from "../../domain/reply-controls";
import { type Db, queryRows } from "../db/client";
import { type AppError, badRequest, conflict, forbidden } from "../errors";
import { BLOCKING_MESSAGE } from "./blocks";
import { inCircle } from "./circles";
import { blockBetween } from "./visibility";

export const SELF_MESSAGE = "You can't send a message to yourself.";
const CANNOT_MESSAGE = "You can't message this person.";

export const cannotMessage = () => forbidden(CANNOT_MESSAGE);

interface Recipient {
  name: string;
  suspended: boolean;
  whoCanMessage: WhoMay;
}

async function recipientOf(db: Db, userId: string): Promise<Recipient | null> {
  const [row] = await queryRows<{
    full_name: string;
    username: string | null;
    default_username: string;
    email_address: string;
    suspended: boolean;
    who_can_message: string | null;
  }>(
    db,
    sql`select p.full_name, p.username, p.default_username, p.email_address,
          p.suspended_at is not null as suspended, m.who_can_message
        from profiles p left join mail_preferences m on m.user_id = p.user_id
        where p.user_id = ${userId}`,
  );
  if (!row) return null;
  const handle = displayHandle({
    username: row.username,
    defaultUsername: row.default_username,
    emailAddress: row.email_address,
  });
  return {
    name: displayName({ fullName: row.full_name, handle }),
    suspended: row.suspended,
    whoCanMessage: isWhoMay(row.who_can_message) ? row.who_can_message : "everyone",
  };
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
 * message (docs/mail.md "Who can be written to").
 */
export async function messageRefusal(
  db: Db,
  { viewerId, userId, threadId }: { viewerId: string; userId: string; threadId: string | null },
): Promise<AppError | null> {
  if (userId === viewerId) return badRequest(ERROR_CODES.validation, SELF_MESSAGE);
  const recipient = await recipientOf(db, userId);
  if (!recipient || recipient.suspended) return cannotMessage();
  const block = await blockBetween(db, viewerId, userId);
  if (block === "blocking") return conflict(ERROR_CODES.conflict, BLOCKING_MESSAGE);
  if (block === "blocked") return cannotMessage();
  const who = recipient.whoCanMessage;
  if (await inCircle(db, { ownerId: userId, otherId: viewerId, who })) return null;
  if (threadId && (await hasWrittenIn(db, { userId, threadId }))) return null;
  return forbidden(messagesRefusal(recipient.name), ERROR_CODES.messagesClosed);
}

export async function requireReachable(
  db: Db,
  input: { viewerId: string; userId: string; threadId: string | null },
): Promise<void> {
  const refusal = await messageRefusal(db, input);
  if (refusal) throw refusal;
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
