// The reasons of a report as radio buttons (docs/safety.md "Reports"), shared by the Report dialog
// of people here and of people elsewhere.
import { useId } from "react";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from "../../../domain/report-reasons";

interface ReportReasonFieldProps {
  reason: ReportReason | null;
  onChange: (reason: ReportReason) => void;
  error?: string | undefined;
}

export function ReportReasonField({ reason, onChange, error }: ReportReasonFieldProps) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1">
      <legend className="mb-1.5 text-sm font-medium">Reason</legend>
      {REPORT_REASONS.map((value) => (
        <label
          key={value}
          className="flex min-h-10 cursor-pointer items-center gap-3 rounded-xl px-2 text-sm hover:bg-neutral-100 has-[:checked]:bg-sky-50 has-[:checked]:font-semibold dark:hover:bg-neutral-800 dark:has-[:checked]:bg-sky-950/60"
        >
          <input
            type="radio"
            name="reason"
            value={value}
            checked={reason === value}
            onChange={() => onChange(value)}
            className="size-4 accent-sky-600"
          />
          {REPORT_REASON_LABELS[value]}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
