// The reason and details of any report (spec-1 "Report"), ours or of someone elsewhere: details are
// optional but for 'Other'; choosing a reason clears the problems shown, typing clears the details'.
import type { Dispatch, SetStateAction } from "react";
import { REPORT_DETAILS_MAX } from "../../../domain/limits";
import type { ReportReason } from "../../../domain/report-reasons";
import { TextAreaField } from "../form/text-area-field";
import { ReportReasonField } from "./report-reason-field";

export interface ReportProblems {
  reason?: string | undefined;
  details?: string | undefined;
}

export function ReportFields(props: {
  reason: ReportReason | null;
  setReason: (reason: ReportReason) => void;
  details: string;
  setDetails: (details: string) => void;
  problems: ReportProblems;
  setProblems: Dispatch<SetStateAction<ReportProblems>>;
}) {
  const { reason, details, problems, setProblems } = props;
  return (
    <>
      <ReportReasonField
        reason={reason}
        onChange={(value) => {
          props.setReason(value);
          setProblems({});
        }}
        error={problems.reason}
      />
      <TextAreaField
        label={reason === "other" ? "Details" : "Details (optional)"}
        value={details}
        onChange={(event) => {
          props.setDetails(event.target.value);
          setProblems((current) => ({ ...current, details: undefined }));
        }}
        maxLength={REPORT_DETAILS_MAX}
        rows={3}
        required={reason === "other"}
        error={problems.details}
        hint={`${details.length}/${REPORT_DETAILS_MAX}`}
      />
    </>
  );
}
