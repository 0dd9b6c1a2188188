// An approved appeal undoes its action exactly (docs/safety.md "Appeals"), in the decision's
// transaction, when the action's effect is still the one in place: the content's removal time, the
// restriction's end or the suspension's start is still the action's own. Anything later that
// replaced it (another removal, a restore, a new restriction or suspension) stays as it is, and so
// does what already ended; the appeal then only takes the action off the person's record. Undoing
// goes through the same steps as a moderator's restore, so counters, timelines and tags follow.
import type { ReportTarget } from "../../../domain/report-reasons";
import type { Db } from "../../db/client";
import type { Effects } from "../../outbox/outbox";
import type { ModerationActionRow } from "../audit/record";
import { restrictProfile, unsuspendProfile } from "../profiles/safety";
import { actOnContent } from "./moderation-effects";
import { reportedPerson } from "./queries";
import { resolveTarget } from "./targets";

const same = (a: Date | null | undefined, b: Date | null | undefined) =>
  a != null && b != null && a.getTime() === b.getTime();

/** Undoes the action if its effect is still in place; whether it did. */
export async function undoAction(
  tx: Db,
  fx: Effects,
  { action, now }: { action: ModerationActionRow; now: Date },
): Promise<boolean> {
  const userId = action.targetUserId;
  if (!userId) return false;
  if (action.action === "remove") {
    const targetType = action.targetType as ReportTarget;
    const target = await resolveTarget(tx, targetType, action.targetId);
    if (!target || !same(target.removedAt, action.createdAt)) return false;
    await actOnContent(tx, fx, {
      action: "restore",
      targetType,
      targetId: action.targetId,
      ownerId: target.ownerId,
      now,
    });
    return true;
  }
  const person = await reportedPerson(tx, userId);
  if (action.action === "restrict") {
    const until = person?.restrictedUntil;
    if (!until || !same(until, action.until) || until <= now) return false;
    await restrictProfile(tx, userId, null);
  } else if (action.action === "suspend") {
    if (!same(person?.suspendedAt, action.createdAt)) return false;
    // The sessions the suspension ended stay ended: the person signs in again.
    await unsuspendProfile(tx, userId);
  } else {
    return false;
  }
  fx.publish({ type: "profile.changed", userId });
  return true;
}
