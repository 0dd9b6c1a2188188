// Blocking a whole server, changing its block, or lifting it (docs/federation.md "Domain blocks"):
// the dialog names what each level does before the moderator confirms, with an optional note for
// other moderators. A refusal stays in the dialog; success closes it with a toast.
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/controls/button";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { TextAreaField } from "../../components/form/text-area-field";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  type DomainSeverity,
  useDomainBlockMutation,
} from "../../state/queries/federation-moderation";

const NOTE_MAX = 500;

export const SEVERITY_LABELS: Record<DomainSeverity, string> = {
  suspend: "Suspend",
  silence: "Silence",
  reject_media: "Reject media",
};

const SEVERITY_EFFECTS: Record<DomainSeverity, string> = {
  suspend:
    "Everything of theirs here goes at once: their people's follows either way, their posts, replies and likes. Nothing is sent to them, and what they send is refused.",
  silence:
    "Their replies are hidden on our posts (kept, and shown again if you lift the block). Their posts reach only the people here who follow them.",
  reject_media: "No image of theirs is fetched. Everything else goes on as before.",
};

export interface DomainBlockSubject {
  host: string;
  block: { severity: DomainSeverity; note: string } | null;
}

interface DomainBlockDialogProps {
  subject: DomainBlockSubject | null;
  onClose: () => void;
}

export function DomainBlockDialog({ subject, onClose }: DomainBlockDialogProps) {
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => !open && onClose()}
      width="md"
      title={
        subject?.block ? `Change the block on ${subject.host}` : `Block ${subject?.host ?? ""}`
      }
      description="Choose what happens to this server. It applies to everyone here."
    >
      {subject ? <DomainBlockForm subject={subject} onDone={onClose} /> : null}
    </Dialog>
  );
}

function DomainBlockForm({ subject, onDone }: { subject: DomainBlockSubject; onDone: () => void }) {
  const { host, block } = subject;
  const [severity, setSeverity] = useState<DomainSeverity | null>(block?.severity ?? null);
  const [note, setNote] = useState(block?.note ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const change = useDomainBlockMutation();
  const errorId = useId();

  const apply = (next: DomainSeverity | null) =>
    change.mutate(
      { host, severity: next, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(
            next
              ? `${host}: ${SEVERITY_LABELS[next].toLowerCase()}`
              : `${host} is no longer blocked`,
          );
          onDone();
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (!severity) {
      setProblem("Choose what happens to this server.");
      return;
    }
    apply(severity);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset className="space-y-2" aria-describedby={problem ? errorId : undefined}>
        <legend className="mb-1.5 text-sm font-medium">Level</legend>
        {(Object.keys(SEVERITY_LABELS) as DomainSeverity[]).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-200 p-3 text-sm hover:bg-neutral-50 has-[:checked]:border-sky-500 has-[:checked]:bg-sky-50 dark:border-neutral-800 dark:hover:bg-neutral-800 dark:has-[:checked]:bg-sky-950/60"
          >
            <input
              type="radio"
              name="severity"
              value={value}
              checked={severity === value}
              onChange={() => {
                setSeverity(value);
                setProblem(null);
              }}
              className="mt-0.5 size-4 shrink-0 accent-sky-600"
            />
            <span>
              <span className="block font-semibold">{SEVERITY_LABELS[value]}</span>
              <span className="block text-neutral-600 dark:text-neutral-400">
                {SEVERITY_EFFECTS[value]}
              </span>
            </span>
          </label>
        ))}
        {problem ? (
          <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
            {problem}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label="Note (optional)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={NOTE_MAX}
        rows={2}
        hint="For other moderators: why, and anything to check before lifting it."
      />
      {change.isError ? (
        <FormMessage>
          {errorMessage(change.error, "Could not do that. Please try again.")}
        </FormMessage>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {block ? (
          <Button
            variant="secondary"
            className="mr-auto"
            disabled={change.isPending}
            onClick={() => apply(null)}
          >
            Lift block
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={severity === "suspend" ? "danger" : "primary"}
          busy={change.isPending}
        >
          {block ? "Save" : "Block"}
        </Button>
      </div>
    </form>
  );
}
