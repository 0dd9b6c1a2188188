// Reporting someone on another server (docs/federation.md "Reports"), from their page here or one
// of their posts: a reason, optional details, and whether to send the report on to their server
// (a Flag from this server, which does not name the reporter). Its form loads as the dialog first
// opens, as the Report dialog's does.
import { laterComponent, useLaterComponent } from "../../lib/later-component";
import { Dialog } from "../dialog/dialog";
import { Spinner } from "../feedback/spinner";
import type { RemoteReportFormProps } from "./remote-report-form";

const remoteReportForm = laterComponent<RemoteReportFormProps>(
  () => import("./remote-report-form"),
);

interface RemoteReportDialogProps {
  /** Our id for them, and their `name@server`. */
  person: { id: string; handle: string };
  /** The post of theirs reported, when it is one. */
  noteId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

export function RemoteReportDialog({
  person,
  noteId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: RemoteReportDialogProps) {
  const [RemoteReportForm] = useLaterComponent(remoteReportForm, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={noteId ? "Report this post" : `Report @${person.handle}`}
      description="Tell us what is wrong. Our moderators will review it."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {RemoteReportForm ? (
        <RemoteReportForm person={person} noteId={noteId} onDone={() => onOpenChange(false)} />
      ) : (
        <Spinner label="Loading the form" />
      )}
    </Dialog>
  );
}
