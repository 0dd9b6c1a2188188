// A yes-or-no question before something that cannot be undone (spec-1 §2 'Delete this post?') or
// that needs the person's consent (docs/profiles-and-media.md "Consent"): Cancel, or the action,
// which stays busy until the server answers.
import { Button } from "../controls/button";
import { Dialog } from "./dialog";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that changes nothing; 'Cancel' unless that would read like the action. */
  cancelLabel?: string;
  /** Red for what destroys or cuts off; the plain primary look for a choice that is agreed to. */
  confirmVariant?: "danger" | "primary";
  busy: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, busy, onConfirm } = props;
  const { cancelLabel = "Cancel", confirmVariant = "danger" } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      alert
      width="sm"
      title={title}
      description={description}
      onCloseAutoFocus={props.onCloseAutoFocus}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
