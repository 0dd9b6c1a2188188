// After an in-app message its recipients hear of it: a push to each browser they subscribed, for
// every message (docs/notifications.md "Push"), and (spec-1 §8) an e-mail at their sign-up address,
// at most once per thread every 15 minutes (a busy thread is one notice, not one per message),
// and not at all when they turned message e-mails off; both wait out their quiet hours
// (docs/notifications.md "Quiet hours"). Reading the thread re-arms the notice. The notice is
// claimed and written in the message's own transaction (docs/outbox.md). Each notice carries a
// one-click unsubscribe link that turns these notices off (docs/mail.md "Unsubscribe headers").
import type { MessageView } from "../../../domain/contracts/mail";
import { displayName } from "../../../domain/display-name";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { messageNoticeMail } from "../../infra/message-notice-mail";
import { unsubscribeToken, unsubscribeUrl } from "../../infra/unsubscribe-link";
import type { Effects } from "../../outbox/outbox";
import { channelsFor, channelsOfRead } from "../notification-settings/channels";
import { tellByPush } from "../push/tell";
import { claimNotice } from "./queries";
import type { ToldOnSend } from "./send-queries";

export const NOTICE_INTERVAL_MINUTES = 15;

export async function queueNotices(
  tx: Db,
  fx: Effects,
  config: Pick<Config, "siteName" | "publicUrl" | "sessionSecret">,
  {
    threadId,
    message,
    memberIds,
    untold = [],
    told = new Map(),
  }: {
    threadId: string;
    message: MessageView;
    /** The thread's members, as the message's statement found them. */
    memberIds: readonly string[];
    /** Members whose copy is a message request: told nothing (docs/mail.md "Message requests"). */
    untold?: readonly string[];
    /** How each member is told, as the send's read found it (send-queries.ts); a member not in
     * it is read here. */
    told?: ReadonlyMap<string, ToldOnSend>;
  },
): Promise<void> {
  const recipients = memberIds.filter(
    (id) => id !== message.sender?.userId && !untold.includes(id),
  );
  for (const userId of recipients) {
    const read = told.get(userId);
    const { push, email, holdUntil } = read
      ? channelsOfRead("message", read.settings)
      : await channelsFor(tx, { userId, kind: "message" });
    if (message.sender && push) {
      await tellByPush(tx, fx, {
        recipientId: userId,
        notice: {
          kind: "message",
          threadId,
          from: { userId: message.sender.userId },
          preview: message.body,
        },
        holdUntil,
        ...(read ? { targets: read.targets } : {}),
      });
    }
    if (!email) continue;
    const to = await claimNotice(tx, { threadId, userId, minutes: NOTICE_INTERVAL_MINUTES });
    if (!to) continue;
    fx.mail(
      messageNoticeMail({
        siteName: config.siteName,
        to,
        senderName: message.sender ? displayName(message.sender) : "Someone",
        subject: message.subject,
        body: message.body,
        link: `${config.publicUrl}/mail?thread=${threadId}`,
        settingsLink: `${config.publicUrl}/settings`,
        unsubscribeLink: unsubscribeUrl(
          config.publicUrl,
          unsubscribeToken({ secret: config.sessionSecret }, { userId, kind: "messages" }),
        ),
      }),
      holdUntil,
    );
  }
}
