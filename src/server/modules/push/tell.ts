// What other modules call, inside the transaction of the change a push tells of
// (docs/notifications.md "Push"): one outbox row per browser of the recipient, written only while
// the recipient has a browser, has that kind on, and would see the actor in Activity (no block
// either way, no mute, not suspended: policy/visibility.ts; for a message, mutes aside, as mail
// shows a muted person's messages). A message's words go into the row only when the recipient
// shows previews. So a push exists exactly when its change commits (docs/outbox.md "Writing").
import type { Db } from "../../db/client";
import type { PushNotice } from "../../outbox/messages";
import type { Effects } from "../../outbox/outbox";
import { shortened } from "./payload";
import { type PushActor, pushTargets } from "./queries";

/** The person a notice names, with whether mutes hide them; null for an outside address. */
export const actorOf = (notice: PushNotice): PushActor | null => {
  if (notice.kind !== "message") return { userId: notice.actorId, mutesApply: true };
  return "userId" in notice.from ? { userId: notice.from.userId, mutesApply: false } : null;
};

export async function tellByPush(
  tx: Db,
  fx: Pick<Effects, "push">,
  { recipientId, notice }: { recipientId: string; notice: PushNotice },
): Promise<void> {
  const targets = await pushTargets(tx, {
    recipientId,
    kind: notice.kind,
    actor: actorOf(notice),
  });
  for (const { id, previews } of targets) {
    if (notice.kind !== "message") fx.push(id, notice);
    else {
      const preview = previews && notice.preview ? shortened(notice.preview) : null;
      fx.push(id, { ...notice, preview });
    }
  }
}
