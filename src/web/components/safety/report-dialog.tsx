// The Report dialog (docs/safety.md "Reports"): a reason, optional details, and for people the
// choice to block the person in the same step. Problems stay in the dialog; a sent report closes
// it with a thank-you toast. The form lives inside the dialog's content, so each opening is fresh;
// its script loads as the dialog first opens (report-form.tsx).
import type { ReportTarget } from "../../../domain/report-reasons";
import { laterComponent, useLaterComponent } from "../../lib/later-component";
import { Dialog } from "../dialog/dialog";
import { Spinner } from "../feedback/spinner";
import type { ReportFormProps } from "./report-form";
import type { ReportSubject } from "./report-subject";

const reportForm = laterComponent<ReportFormProps>(() => import("./report-form"));

const TITLES: Record<ReportTarget, (handle: string) => string> = {
  profile: (handle) => `Report @${handle}`,
  post: () => "Report this post",
  comment: () => "Report this comment",
  message: () => "Report this message",
};

interface ReportDialogProps {
  subject: ReportSubject;
  /** The viewer already blocks the person: no 'Also block'. */
  blocking: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

export function ReportDialog({
  subject,
  blocking,
  open,
  onOpenChange,
  ...rest
}: ReportDialogProps) {
  const [ReportForm] = useLaterComponent(reportForm, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TITLES[subject.target.type](subject.person.handle)}
      description="Tell us what is wrong. Our moderators will review it."
      onCloseAutoFocus={rest.onCloseAutoFocus}
    >
      {ReportForm ? (
        <ReportForm subject={subject} blocking={blocking} onDone={() => onOpenChange(false)} />
      ) : (
        <Spinner label="Loading the form" />
      )}
    </Dialog>
  );
}
