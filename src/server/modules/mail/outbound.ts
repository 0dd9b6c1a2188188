// Mail to an outside address (docs/mail.md "Outbound"): From the sender's own address on our
// domain, with Message-ID, In-Reply-To and References so the other side's client threads it,
// limited per person per day. The message is kept only once the mail server took it.
import { randomUUID } from "node:crypto";
import type { MessageView } from "../../../domain/contracts/mail";
import { displayHandle } from "../../../domain/handles";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { senderIdentity, threadMessageIds } from "./queries";
import { recordMessage } from "./record";

type OutboundDeps = Pick<AppContext, "db" | "bus" | "mailer" | "limits" | "config" | "log">;

export async function sendOutbound(
  deps: OutboundDeps,
  input: {
    viewerId: string;
    threadId: string;
    address: string;
    subject: string | null;
    body: string;
  },
): Promise<MessageView> {
  await deps.limits.consume("externalMailPerUser", input.viewerId);
  const me = await senderIdentity(deps.db, input.viewerId);
  if (!me) throw new AppError(404, "not_found", "Profile not found");
  const earlier = await threadMessageIds(deps.db, input.threadId);
  const messageId = `${randomUUID()}@${deps.config.mailDomain}`;
  // spec-1 §7 send-email: the subject defaults to a message-from-username text.
  const handle = displayHandle({ ...me, emailAddress: me.chtchtEmail });
  try {
    await deps.mailer.send({
      from: { name: me.fullName, address: me.chtchtEmail },
      to: input.address,
      subject: input.subject ?? `Message from ${handle}`,
      text: input.body,
      messageId,
      ...(earlier.length > 0 ? { inReplyTo: earlier.at(-1), references: earlier } : {}),
    });
  } catch (error) {
    deps.log.warn({ err: error, to: input.address }, "outbound mail refused");
    const reason = error instanceof Error ? error.message : "SEND_FAILED";
    throw new AppError(502, "send_failed", reason);
  }
  return recordMessage(deps, {
    threadId: input.threadId,
    senderId: input.viewerId,
    subject: input.subject,
    body: input.body,
    direction: "outbound",
    messageId,
  });
}
