// The foot of a badge request's form (docs/safety.md "Badges"): Cancel, and the submit button
// busy while the request is sent; stacked on a phone with the submit on top.
import { Button } from "../../components/controls/button";

export function RequestFormActions({
  onCancel,
  busy,
  submitLabel,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
