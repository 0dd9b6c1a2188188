// 'Agree to all Policies' (spec-1 §2): ticking the box opens the policies dialog, whose buttons
// confirm or withdraw the agreement.
import { useId, useState } from "react";
import { Button } from "../../components/controls/button";
import { PoliciesDialog } from "../../components/dialog/policies-dialog";

export function PolicyAgreement({
  agreed,
  onAgreedChange,
}: {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          checked={agreed}
          onChange={(event) => {
            onAgreedChange(event.target.checked);
            if (event.target.checked) setOpen(true);
          }}
          className="size-5 rounded accent-sky-600"
        />
        Agree to all Policies
      </label>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-10 rounded-md px-1 text-sm font-semibold text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
      >
        Read policies
      </button>
      <PoliciesDialog
        open={open}
        onOpenChange={setOpen}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                onAgreedChange(false);
                setOpen(false);
              }}
            >
              Decline
            </Button>
            <Button
              onClick={() => {
                onAgreedChange(true);
                setOpen(false);
              }}
            >
              I agree
            </Button>
          </>
        }
      />
    </div>
  );
}
