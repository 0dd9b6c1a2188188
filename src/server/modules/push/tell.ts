// What other modules call, inside the transaction of the change a push tells of
// (docs/notifications.md "Push"): one outbox row per browser of the recipient, written only while
// the recipient has a browser, wants that kind pushed, and would see the actor in Activity (no
// block either way, no mute, not suspended: policy/visibility.ts; for a message, mutes aside, as
// mail shows a muted person's messages). A message's words go into the row only when the
// recipient shows previews. During the recipient's quiet hours the row waits until they end. So a
// push exists exactly when its change commits (docs/outbox.md "Writing").
import type { SQL } from "drizzle-orm";
import type { NotificationKind } from "../../../domain/contracts/notification-settings";
import type { Db } from "../../db/client";
import type { PushNotice } from "../../outbox/messages";
import type { Effects } from "../../outbox/outbox";
import { quietUntilFor } from "../notification-settings/channels";
import { shortened } from "./payload";
import { type PushActor, type PushTarget, pushTargets, pushTargetsValue } from "./queries";

export type { PushTarget } from "./queries";

/** The person a notice names, with whether mutes hide them; null for an outside address, someone
 * elsewhere (whose server's blocks were checked when their activity came) or no one. */
export const actorOf = (notice: PushNotice): PushActor | null => {
  if (notice.kind === "message") {
    return "userId" in notice.from ? { userId: notice.from.userId, mutesApply: false } : null;
  }
  return "actorId" in notice ? { userId: notice.actorId, mutesApply: true } : null;
};

/** The row of the notification settings a notice is switched by. */
export const kindOfNotice = (notice: PushNotice): NotificationKind => {
  switch (notice.kind) {
    case "comment":
      return notice.reply ? "reply" : "comment";
    case "follow":
      return notice.request ? "follow_request" : "follow";
    default:
      return notice.kind;
  }
};

/** The browsers a push of `notice` to the person in `recipient` goes to, as a JSON array for a
 * change's own statement to return (its value goes to tellByPush as `targets`). */
export const pushTargetsOf = (recipient: SQL, notice: PushNotice): SQL =>
  pushTargetsValue(recipient, kindOfNotice(notice), actorOf(notice));

/** What a change's own statement writes and reads to tell the person it reached (activity/record.ts
 * noticeInStatement and pushTargetsOf below, docs/performance.md "Posts, likes and follows"). */
export interface ToldInStatement {
  /** The notice's row, from the statement's row `source` (the recipient and the post in it),
   * written where `when` holds. */
  notice: (at: { source: SQL; recipient: SQL; postId: SQL; when: SQL }) => SQL;
  /** The recipient's browsers to push to, as a JSON array. */
  targets: (recipient: SQL) => SQL;
}

export async function tellByPush(
  tx: Db,
  fx: Pick<Effects, "push">,
  {
    recipientId,
    notice,
    holdUntil: known,
    targets: told,
  }: {
    recipientId: string;
    notice: PushNotice;
    /** When the recipient's quiet hours end (null: not now), if the caller read it already. */
    holdUntil?: Date | null;
    /** The browsers, when the change's statement read them already (pushTargetsOf). */
    targets?: PushTarget[];
  },
): Promise<void> {
  const targets =
    told ??
    (await pushTargets(tx, { recipientId, kind: kindOfNotice(notice), actor: actorOf(notice) }));
  if (targets.length === 0) return;
  const holdUntil = known === undefined ? await quietUntilFor(tx, recipientId) : known;
  for (const { id, previews } of targets) {
    if (notice.kind !== "message") fx.push(id, notice, holdUntil);
    else {
      const preview = previews && notice.preview ? shortened(notice.preview) : null;
      fx.push(id, { ...notice, preview }, holdUntil);
    }
  }
}
