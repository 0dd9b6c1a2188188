// Mail that came in over SMTP (docs/mail.md "Inbound") lands in a thread between the recipient and
// the outside sender, when the recipient's 'Who can message me' lets it in: the thread of the
// message it replies to (In-Reply-To / References), else the one thread per sender address. It
// arrives live like any message, and is pushed to the recipient's browsers
// (docs/notifications.md "Push"). Every recipient's copy is stored in one transaction with its
// event (docs/outbox.md), so a message refused for now (451) left nothing behind. A recipient is
// given one Message-ID once in 7 days: a sending server that retries mail already stored (it
// heard no answer: we crashed, the line broke) gets its 250 and nothing is stored again.
import { INBOUND_BODY_MAX } from "../../../domain/mail-rules";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { type ReceivedMail, type RefusedRecipient, smtpError } from "../../infra/smtp-inbound";
import { outsideMayJoin, outsideMayWrite } from "../../policy/recipients";
import { tellByPush } from "../push/tell";
import { claimInboundMessageId } from "./dedup-queries";
import {
  findMailRecipient,
  findMemberThread,
  findOrCreateThread,
  threadOfMessageIds,
} from "./queries";
import { externalPairKey, messageEvent, storeMessage } from "./record";

type InboundDeps = Pick<AppContext, "db" | "outbox">;

/** How long a recipient's Message-IDs are kept against retries (the sweep deletes them after). */
export const INBOUND_ID_DAYS = 7;

const notAccepted = (address: string) =>
  `5.7.1 ${address} does not accept messages from this sender`;

/**
 * Who mail to this local part from the envelope's `sender` is for, at RCPT TO: nobody (550
 * 5.1.1), or someone whose 'Who can message me' keeps out mail from anyone but the addresses they
 * wrote to (550 5.7.1; docs/mail.md "Who can be written to").
 */
export async function inboundRecipient(
  db: Db,
  { localPart, sender, domain }: { localPart: string; sender: string; domain: string },
): Promise<string | RefusedRecipient | null> {
  const userId = await findMailRecipient(db, localPart);
  if (!userId) return null;
  if (await outsideMayWrite(db, { userId, address: sender })) return userId;
  return { refused: notAccepted(`${localPart}@${domain}`) };
}

async function threadFor(db: Db, userId: string, mail: ReceivedMail): Promise<string> {
  const replied = await threadOfMessageIds(db, { userId, messageIds: mail.references });
  const thread = replied ? await findMemberThread(db, { threadId: replied, userId }) : null;
  // A reply joins its thread only when it comes from that thread's outside address.
  if (thread && thread.externalAddress === mail.from) return thread.id;
  return findOrCreateThread(db, {
    pairKey: externalPairKey(userId, mail.from),
    memberIds: [userId],
    externalAddress: mail.from,
  });
}

/** Stores the mail for each recipient `findMailRecipient` found at RCPT TO; how many copies were
 * stored (none: every recipient was given it already). */
export async function deliverInbound(deps: InboundDeps, mail: ReceivedMail): Promise<number> {
  return deps.outbox.transaction(async (tx, fx) => {
    let stored = 0;
    for (const userId of mail.recipients) {
      const { messageId } = mail;
      if (
        messageId &&
        !(await claimInboundMessageId(tx, { userId, messageId, days: INBOUND_ID_DAYS }))
      ) {
        continue;
      }
      const threadId = await threadFor(tx, userId, mail);
      // Someone not open to everyone gets mail from outside only in a thread they wrote in: the
      // whole message is refused, so the sender learns who did not get it (docs/mail.md "Inbound").
      if (!(await outsideMayJoin(tx, { userId, threadId }))) {
        throw smtpError(550, notAccepted(mail.addresses.get(userId) ?? "A recipient"));
      }
      const message = await storeMessage(tx, {
        threadId,
        senderId: null,
        senderAddress: mail.from,
        subject: mail.subject,
        body: [...mail.text].slice(0, INBOUND_BODY_MAX).join("") || "(no text)",
        direction: "inbound",
        messageId: mail.messageId,
        suspicious: mail.suspicious,
        attachmentsDropped: mail.attachmentsDropped,
      });
      fx.publish(messageEvent(threadId, message));
      await tellByPush(tx, fx, {
        recipientId: userId,
        notice: {
          kind: "message",
          threadId,
          from: { address: mail.from },
          preview: message.message.body,
        },
      });
      stored++;
    }
    return stored;
  });
}
