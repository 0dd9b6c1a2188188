// Mail that came in over SMTP (docs/mail.md "Inbound") lands in a thread between the recipient and
// the outside sender: the thread of the message it replies to (In-Reply-To / References), else
// the one thread per sender address. It arrives live like any message.
import { INBOUND_BODY_MAX } from "../../../domain/mail-rules";
import type { AppContext } from "../../context";
import type { ReceivedMail } from "../../infra/smtp-inbound";
import {
  findMemberThread,
  findOrCreateThread,
  findUserByLocalPart,
  threadOfMessageIds,
} from "./queries";
import { externalPairKey, recordMessage } from "./record";

type InboundDeps = Pick<AppContext, "db" | "outbox">;

export async function acceptsLocalPart(deps: InboundDeps, localPart: string): Promise<boolean> {
  return Boolean(await findUserByLocalPart(deps.db, localPart));
}

async function threadFor(deps: InboundDeps, userId: string, mail: ReceivedMail): Promise<string> {
  const replied = await threadOfMessageIds(deps.db, { userId, messageIds: mail.references });
  const thread = replied ? await findMemberThread(deps.db, { threadId: replied, userId }) : null;
  // A reply joins its thread only when it comes from that thread's outside address.
  if (thread && thread.externalAddress === mail.from) return thread.id;
  return findOrCreateThread(deps.db, {
    pairKey: externalPairKey(userId, mail.from),
    memberIds: [userId],
    externalAddress: mail.from,
  });
}

export async function deliverInbound(deps: InboundDeps, mail: ReceivedMail): Promise<void> {
  const people = new Set<string>();
  for (const local of mail.recipients) {
    const person = await findUserByLocalPart(deps.db, local);
    if (person) people.add(person.userId);
  }
  for (const userId of people) {
    await recordMessage(deps, {
      threadId: await threadFor(deps, userId, mail),
      senderId: null,
      senderAddress: mail.from,
      subject: mail.subject,
      body: [...mail.text].slice(0, INBOUND_BODY_MAX).join("") || "(no text)",
      direction: "inbound",
      messageId: mail.messageId,
      suspicious: mail.suspicious,
      attachmentsDropped: mail.attachmentsDropped,
    });
  }
}
