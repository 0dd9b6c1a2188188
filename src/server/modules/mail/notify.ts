// spec-1 §8: after an in-app message its recipients hear of it by e-mail at their sign-up address,
// at most once per thread every 15 minutes (a busy thread is one notice, not one per message),
// and not at all when they turned notices off. Reading the thread re-arms the notice.
import type { MessageView } from "../../../domain/contracts/mail";
import type { AppContext } from "../../context";
import { messageNoticeMail } from "../../infra/mail-templates";
import { claimNotice, threadMemberIds } from "./queries";

export const NOTICE_INTERVAL_MINUTES = 15;

export async function notifyRecipients(
  deps: Pick<AppContext, "db" | "mailer" | "config">,
  { threadId, message }: { threadId: string; message: MessageView },
): Promise<void> {
  const recipients = (await threadMemberIds(deps.db, threadId)).filter(
    (id) => id !== message.sender?.userId,
  );
  for (const userId of recipients) {
    const to = await claimNotice(deps.db, {
      threadId,
      userId,
      minutes: NOTICE_INTERVAL_MINUTES,
    });
    if (!to) continue;
    await deps.mailer.send(
      messageNoticeMail({
        siteName: deps.config.siteName,
        to,
        senderName: message.sender?.fullName ?? "Someone",
        subject: message.subject,
        body: message.body,
        link: `${deps.config.publicUrl}/mail?thread=${threadId}`,
      }),
    );
  }
}
