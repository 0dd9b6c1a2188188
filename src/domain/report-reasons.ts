// What can be reported and why (docs/safety.md "Reports"), with the reasons' on-screen names.

export const REPORT_TARGETS = ["profile", "post", "comment", "message"] as const;
export const REPORT_REASONS = [
  "spam",
  "harassment",
  "impersonation",
  "nudity",
  "violence",
  "other",
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];

/** On-screen names of the reasons. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or bullying",
  impersonation: "Impersonation",
  nudity: "Nudity or sexual content",
  violence: "Violence or threats",
  other: "Something else",
};
