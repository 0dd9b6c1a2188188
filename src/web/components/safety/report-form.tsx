// The report form of the Report dialog (docs/safety.md "Reports"), loaded as the dialog first
// opens: it checks the report with the shared contract, which brings zod (docs/performance.md
// "Initial JavaScript").
import { type FormEvent, useState } from "react";
import { reportRequest } from "../../../domain/contracts/safety";
import type { ReportReason } from "../../../domain/report-reasons";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useReportMutation } from "../../state/queries/safety";
import { Button } from "../controls/button";
import { FormMessage } from "../form/form-message";
import { ReportFields, type ReportProblems } from "./report-fields";
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
  const [problems, setProblems] = useState<ReportProblems>({});
  const report = useReportMutation();
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
      <ReportFields
        reason={reason}
        setReason={setReason}
        details={details}
        setDetails={setDetails}
        problems={problems}
        setProblems={setProblems}
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
