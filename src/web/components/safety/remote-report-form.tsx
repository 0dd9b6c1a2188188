// The form of the Report dialog for someone elsewhere (docs/federation.md "Reports"): the reasons
// of any report, optional details (required for 'Other'), and 'Also send this report to {server}',
// on unless unticked. Problems stay in the dialog; a sent report closes it with a thank-you toast.
import { type FormEvent, useState } from "react";
import type { ReportReason } from "../../../domain/report-reasons";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useRemoteReportMutation } from "../../state/queries/federation-moderation";
import { Button } from "../controls/button";
import { FormMessage } from "../form/form-message";
import { ReportFields, type ReportProblems } from "./report-fields";
import { REPORT_SENT } from "./report-subject";

export interface RemoteReportFormProps {
  person: { id: string; handle: string };
  noteId?: string | undefined;
  onDone: () => void;
}

export default function RemoteReportForm({ person, noteId, onDone }: RemoteReportFormProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [forward, setForward] = useState(true);
  const [problems, setProblems] = useState<ReportProblems>({});
  const report = useRemoteReportMutation(person.id);
  const host = person.handle.slice(person.handle.lastIndexOf("@") + 1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) return setProblems({ reason: "Choose a reason." });
    if (reason === "other" && details.trim() === "") {
      return setProblems({ details: "Tell us what is wrong." });
    }
    setProblems({});
    report.mutate(
      { reason, details: details.trim(), noteIds: noteId ? [noteId] : [], forward },
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
      <label className="flex min-h-10 cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={forward}
          onChange={(event) => setForward(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 rounded accent-sky-600"
        />
        <span>
          <span className="block font-medium [overflow-wrap:anywhere]">
            Also send this report to {host}
          </span>
          <span className="block text-neutral-600 dark:text-neutral-400">
            Their moderators get it from this server, without your name.
          </span>
        </span>
      </label>
      {report.isError ? (
        <FormMessage>
          {errorMessage(report.error, "Could not send the report. Please try again.")}
        </FormMessage>
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
