// 'Request the veteran medal' (docs/profiles-and-media.md "The veteran medal"): one photo or PDF of
// a discharge document or veteran ID (JPEG, PNG or PDF, up to 10 MB; the server checks the bytes),
// and what happens to it: only moderators see it, and it is deleted 30 days after their decision.
import { type FormEvent, useId, useState } from "react";
import {
  PROOF_MAX_BYTES,
  PROOF_TOO_LARGE,
  PROOF_TYPES,
  PROOF_WRONG_TYPE,
} from "../../../domain/contracts/badges";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useVeteranRequestMutation } from "../../state/queries/badges";
import { RequestFormActions } from "./request-form-actions";

export const PROOF_PROMISE =
  "Only moderators see it while they review your request. It is deleted 30 days after their decision.";

/** The browser's early word on a chosen file; the server decides from its bytes. */
export function proofProblem(file: File): string | null {
  if (!(PROOF_TYPES as readonly string[]).includes(file.type)) return PROOF_WRONG_TYPE;
  if (file.size > PROOF_MAX_BYTES) return PROOF_TOO_LARGE;
  return null;
}

export function VeteranRequestDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request the veteran medal"
      description="Upload a photo or PDF of your discharge document (such as a DD-214) or veteran ID."
    >
      <VeteranRequestForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function VeteranRequestForm({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const request = useVeteranRequestMutation();
  const inputId = useId();
  const noteId = useId();

  const submit = (event: FormEvent) => {
    // This dialog sits in the Edit Profile form's React tree: its submit is its own.
    event.preventDefault();
    event.stopPropagation();
    if (request.isPending) return;
    const found = file ? proofProblem(file) : "Please choose a file.";
    setProblem(found);
    if (found || !file) return;
    request.mutate(file, {
      onSuccess: () => {
        toast.success("Request sent. A moderator will review your document.");
        onDone();
      },
      onError: (failure) =>
        setProblem(errorMessage(failure, "Could not send the request. Please try again.")),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium">
          Document (JPEG, PNG or PDF, up to 10 MB)
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,application/pdf"
          aria-describedby={noteId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setProblem(chosen ? proofProblem(chosen) : null);
          }}
          className="block w-full rounded-xl border border-neutral-300 p-2 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-neutral-100 file:px-3 file:py-2 file:font-medium dark:border-neutral-700 dark:file:bg-neutral-800 dark:file:text-neutral-100"
        />
        <p id={noteId} className="text-sm text-neutral-600 dark:text-neutral-400">
          {PROOF_PROMISE}
        </p>
      </div>
      {problem ? <FormMessage>{problem}</FormMessage> : null}
      <RequestFormActions onCancel={onDone} busy={request.isPending} submitLabel="Send request" />
    </form>
  );
}
