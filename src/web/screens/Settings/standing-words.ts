// How Account standing words an action (docs/safety.md "Account standing"): what happened, what an
// appeal of it is about, and its state.
import type { StandingActionView } from "../../../domain/contracts/appeals";
import type { StandingState } from "../../../domain/moderation-standing";
import { calendarDate } from "../../lib/calendar-date";

export function actionTitle(item: StandingActionView): string {
  switch (item.action) {
    case "remove":
      return `Your ${item.targetType} was removed`;
    case "restrict":
      return "Your account was restricted";
    case "suspend":
      return "Your account was suspended";
    case "restore":
      return item.targetType === "profile"
        ? "A moderator lifted the restrictions on your account"
        : `A moderator restored your ${item.targetType}`;
  }
}

/** 'the removal of your post on March 3, 2027', as an appeal names it. */
export function appealedWhat(item: StandingActionView): string {
  const on = `on ${calendarDate(item.createdAt)}`;
  switch (item.action) {
    case "remove":
      return `the removal of your ${item.targetType} ${on}`;
    case "restrict":
      return `the restriction of your account ${on}`;
    default:
      return `the suspension of your account ${on}`;
  }
}

/** A restriction's end: 'Until March 3, 2027', or 'Ended March 3, 2027' once past; none once a
 * moderator or an appeal lifted it (it ended then). */
export function restrictionEnd(item: StandingActionView, now: Date): string | null {
  if (item.action !== "restrict" || !item.until) return null;
  if (item.state === "lifted" || item.state === "reversed") return null;
  return `${new Date(item.until) > now ? "Until" : "Ended"} ${calendarDate(item.until)}`;
}

export const STATE_LABELS: Record<StandingState, string> = {
  active: "Active",
  expired: "Expired",
  reversed: "Reversed on appeal",
  lifted: "Lifted by a moderator",
};
