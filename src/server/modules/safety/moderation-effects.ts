// What a moderator's action does beyond its audit row (docs/safety.md "Moderate", "Appeals"), in
// the action's transaction, through the modules that own the rows: content removed or restored,
// a person restricted, suspended (signed out everywhere) or restored, and the person told by a
// notice, an e-mail (held through their quiet hours) and a push. An approved appeal's undo uses the
// same steps.
import type { ModerationAction } from "../../../domain/contracts/safety";
import type { ReportTarget } from "../../../domain/report-reasons";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { appealToken, appealUrl } from "../../infra/appeal-link";
import { moderationMail } from "../../infra/safety-mails";
import type { Effects } from "../../outbox/outbox";
import { leaveNotice } from "../audit/record";
import { emailOfAccount, endSessionsOf } from "../auth/accounts";
import { setCommentRemovedForModeration } from "../comments/moderation";
import { setMessageRemovedForModeration } from "../mail/moderation";
import { quietUntilFor } from "../notification-settings/channels";
import { hidePostForModeration, restorePostForModeration } from "../posts/moderation";
import { liftProfileStanding, restrictProfile, suspendProfile } from "../profiles/safety";
import { tellByPush } from "../push/tell";

/** Removes or restores the post, comment or message, through the module that owns it. */
export async function actOnContent(
  tx: Db,
  fx: Effects,
  input: {
    action: ModerationAction;
    targetType: ReportTarget;
    targetId: string;
    ownerId: string;
    now: Date;
  },
) {
  const { action, targetType, targetId, now } = input;
  if (action !== "remove" && action !== "restore") return;
  const at = action === "remove" ? now : null;
  if (targetType === "post") {
    const post = { postId: targetId, authorId: input.ownerId };
    if (!at) await restorePostForModeration(tx, fx, post);
    else if (await hidePostForModeration(tx, fx, { ...post, at }))
      fx.publish({ type: "post.deleted", ...post });
  } else if (targetType === "comment") {
    const counted = await setCommentRemovedForModeration(tx, { commentId: targetId, at });
    if (counted) fx.publish({ type: "post.counted", ...counted });
  } else if (targetType === "message") {
    await setMessageRemovedForModeration(tx, targetId, at);
  }
}

/** Restricts, suspends (signed out everywhere) or restores the person. */
export async function actOnPerson(
  tx: Db,
  fx: Effects,
  input: {
    action: ModerationAction;
    targetType: ReportTarget;
    userId: string;
    until: Date | null;
    now: Date;
  },
) {
  const { action, userId } = input;
  if (action === "restrict") await restrictProfile(tx, userId, input.until);
  if (action === "suspend") {
    await suspendProfile(tx, userId, input.now);
    await endSessionsOf(tx, userId);
    fx.publish({ type: "session.ended", userId });
    fx.publish({ type: "account.suspended", userId });
  }
  if (action === "restore" && input.targetType === "profile") {
    await liftProfileStanding(tx, userId);
    fx.publish({ type: "profile.changed", userId });
  }
}

/** The moderation notice on the person's next visit, the same text by e-mail (after their quiet
 * hours; with the appeal link for a suspension) and a push of kind moderation. */
export async function tellPerson(
  tx: Db,
  fx: Effects,
  deps: Pick<AppContext, "config">,
  {
    userId,
    text,
    now,
    appealActionId,
  }: {
    userId: string;
    text: string;
    now: Date;
    /** A suspension: its mail carries the signed link to appeal it ("Appealing a suspension"). */
    appealActionId?: string;
  },
) {
  await leaveNotice(tx, { userId, text, createdAt: now });
  const email = await emailOfAccount(tx, userId);
  if (email) {
    fx.mail(
      moderationMail({
        siteName: deps.config.siteName,
        to: email,
        text,
        link: deps.config.publicUrl,
        appealUrl: appealActionId
          ? appealUrl(
              deps.config.publicUrl,
              appealToken(deps.config.sessionSecret, { actionId: appealActionId, userId }),
            )
          : undefined,
      }),
      await quietUntilFor(tx, userId, now),
    );
  }
  await tellByPush(tx, fx, { recipientId: userId, notice: { kind: "moderation" } });
}
