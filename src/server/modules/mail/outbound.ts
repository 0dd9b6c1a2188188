// Mail to an outside address (docs/mail.md "Outbound"): From the sender's own address on our
// domain, with Message-ID, In-Reply-To and References so the other side's client threads it,
// limited per person per day. The message and its mail commit together (docs/outbox.md) and the
// mail goes out at once: a mail server that refuses it for good takes the message back and the
// sender hears why (the answer kept for the request's Idempotency-Key becomes that refusal); one
// that is down only delays it, the outbox retries.
import { randomUUID } from "node:crypto";
import type { MessageView } from "../../../domain/contracts/mail";
import { displayHandle } from "../../../domain/handles";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { errorAnswer, replaceAnswer } from "../../http/idempotency";
import type { Effects } from "../../outbox/outbox";
import { deleteMessage } from "./queries";
import { claimOnce, keepOnce, messageEvent, type SendOnce, storeMessage } from "./record";
import type { OutboundFacts } from "./send-queries";

type OutboundDeps = Pick<AppContext, "db" | "outbox" | "limits" | "config" | "log">;

export async function sendOutbound(
  deps: OutboundDeps,
  input: OutboundFacts & {
    viewerId: string;
    threadId: string;
    subject: string | null;
    body: string;
    once?: SendOnce | undefined;
  },
): Promise<MessageView> {
  await deps.limits.consume("externalMailPerUser", input.viewerId);
  const me = input.sender;
  if (!me) throw notFound("Profile not found");
  const earlier = input.messageIds;
  const messageId = `${randomUUID()}@${deps.config.mailDomain}`;
  // spec-1 §7 send-email: the subject defaults to a message-from-username text.
  const handle = displayHandle({ ...me, emailAddress: me.chtchtEmail });
  const values = {
    threadId: input.threadId,
    senderId: input.viewerId,
    subject: input.subject,
    body: input.body,
    direction: "outbound" as const,
    messageId,
  };
  const mail = (fx: Effects) =>
    fx.mail({
      from: { name: me.fullName, address: me.chtchtEmail },
      to: input.address,
      subject: input.subject ?? `Message from ${handle}`,
      text: input.body,
      messageId,
      ...(earlier.length > 0 ? { inReplyTo: earlier.at(-1), references: earlier } : {}),
    });
  const { once } = input;
  // The message and its mail's row in one statement; with a key to claim and an answer to keep,
  // in a transaction with them (docs/mail.md "Sending once").
  const { result: stored, deliveries } = once
    ? await deps.outbox.run(async (tx, fx) => {
        await claimOnce(tx, once);
        const stored = await storeMessage(tx, values);
        mail(fx);
        await keepOnce(tx, once, stored.message);
        return stored;
      })
    : await deps.outbox.runStatement(mail, async (db, rows) => {
        const stored = await storeMessage(db, values, rows);
        return { result: stored, ids: stored.outboxIds };
      });
  const refusal = [...deliveries.values()].find((d) => typeof d === "object");
  if (refusal) {
    deps.log.warn({ to: input.address, reason: refusal.failed }, "outbound mail refused");
    const failed = new AppError(502, "send_failed", refusal.failed);
    await deps.db.transaction(async (tx) => {
      await deleteMessage(tx, stored.message.id);
      if (once) await replaceAnswer(tx, once.request, errorAnswer(failed));
    });
    throw failed;
  }
  // Its only member is the sender, whose request this answers: the live event tells their other
  // tabs, and losing it to a crash costs a live update, so it is published without a row.
  await deps.outbox.publishNow(messageEvent(input.threadId, stored));
  return stored.message;
}
