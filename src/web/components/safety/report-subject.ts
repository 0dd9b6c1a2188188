// What the Report dialog reports (docs/safety.md "Reports"), shared by the dialog and its form.
import type { ReportTarget } from "../../../domain/report-reasons";

export const REPORT_SENT = "Thanks for your report. Our moderators will review it.";

export interface ReportSubject {
  target: { type: ReportTarget; id: string };
  /** The person behind the target: the profile itself, or the author. */
  person: { userId: string; handle: string };
}
