// What a reporter is told when a moderator closes their report (docs/safety.md "Reporters hear
// back"): the kind of thing they reported and what became of it, never more: a restriction and a
// suspension read alike, and nothing of the content is repeated.
import type { ReportTarget } from "./report-reasons";

export const REPORT_OUTCOMES = ["removed", "actioned", "dismissed"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The outcome a closing action tells its reporters; null for an action that tells them nothing
 * (a restore). */
export function reportOutcomeOf(action: string): ReportOutcome | null {
  switch (action) {
    case "remove":
      return "removed";
    case "restrict":
    case "suspend":
      return "actioned";
    case "dismiss":
      return "dismissed";
    default:
      return null;
  }
}

const WHAT: Record<ReportTarget, string> = {
  profile: "account",
  post: "post",
  comment: "comment",
  message: "message",
};

export function reportOutcomeSentence(outcome: ReportOutcome, targetType: ReportTarget): string {
  switch (outcome) {
    case "removed":
      return `We removed the ${WHAT[targetType]} you reported.`;
    case "actioned":
      return targetType === "profile"
        ? "We took action on the account you reported."
        : `We took action on the account behind the ${WHAT[targetType]} you reported.`;
    case "dismissed":
      return "We reviewed your report: no rule was broken.";
  }
}
