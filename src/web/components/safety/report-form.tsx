// The report form of the Report dialog (docs/safety.md "Reports"), loaded as the dialog first
// opens: it checks the report with the shared contract, which brings zod (docs/performance.md
// "Initial JavaScript").
import { type FormEvent, useId, useState } from "react";
import { reportRequest } from "../../../domain/contracts/safety";
import { REPORT_DETAILS_MAX } from "../../../domain/limits";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from "../../../domain/report-reasons";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useReportMutation } from "../../state/queries/safety";
import { Button } from "../controls/button";
import { FormMessage } from "../form/form-message";
import { TextAreaField } from "../form/text-area-field";
import { REPORT_SENT, type ReportSubject } from "./report-subject";

const REPORT_FAILED = "Could not send the report. Please try again.";
const CHOOSE_REASON = "Choose a reason.";

export interface ReportFormProps {
  subject: ReportSubject;
  blocking: boolean;
  onDone: () => void;
}

export default function ReportForm({ subject, blocking, onDone }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [problems, setProblems] = useState<{ reason?: string; details?: string }>({});
  const report = useReportMutation();
  const reasonErrorId = useId();
  const { handle } = subject.person;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setProblems({ reason: CHOOSE_REASON });
      return;
    }
    const parsed = reportRequest.safeParse({
      targetType: subject.target.type,
      targetId: subject.target.id,
      reason,
      details: details.trim() || undefined,
      alsoBlock: alsoBlock && !blocking,
    });
    if (!parsed.success) {
      const detailsIssue = parsed.error.issues.find((issue) => issue.path[0] === "details");
      setProblems({ details: detailsIssue?.message ?? REPORT_FAILED });
      return;
    }
    setProblems({});
    report.mutate(
      { report: parsed.data, personId: subject.person.userId },
      {
        onSuccess: () => {
          toast.success(REPORT_SENT);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset
        aria-describedby={problems.reason ? reasonErrorId : undefined}
        className="space-y-1"
      >
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
              onChange={() => {
                setReason(value);
                setProblems({});
              }}
              className="size-4 accent-sky-600"
            />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
        {problems.reason ? (
          <p id={reasonErrorId} className="text-sm text-red-600 dark:text-red-400">
            {problems.reason}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={reason === "other" ? "Details" : "Details (optional)"}
        value={details}
        onChange={(event) => {
          setDetails(event.target.value);
          setProblems((current) => ({ ...current, details: undefined }));
        }}
        maxLength={REPORT_DETAILS_MAX}
        rows={3}
        required={reason === "other"}
        error={problems.details}
        hint={`${details.length}/${REPORT_DETAILS_MAX}`}
      />
      {blocking ? null : (
        <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            checked={alsoBlock}
            onChange={(event) => setAlsoBlock(event.target.checked)}
            className="size-5 rounded accent-sky-600"
          />
          Also block @{handle}
        </label>
      )}
      {report.isError ? (
        <FormMessage>{errorMessage(report.error, REPORT_FAILED)}</FormMessage>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={report.isPending}>
          {report.isPending ? "Sending…" : "Submit"}
        </Button>
      </div>
    </form>
  );
}
