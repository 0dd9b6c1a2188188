// Appealing one action (docs/safety.md "Appeals"): why it should be undone, up to 1,000
// characters, sent once. The words are kept by the row that opened the dialog, so closing it by
// mistake loses nothing. A refusal (already appealed, too old) stays in the dialog. It is sent by
// the signed-in person, or through a suspension's signed link ("Appealing a suspension").
import { type FormEvent, useState } from "react";
import { appealRequest } from "../../../domain/contracts/appeals";
import { APPEAL_TEXT_MAX } from "../../../domain/moderation-standing";
import { Button } from "../../components/controls/button";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { TextAreaField } from "../../components/form/text-area-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import type { AppealSender } from "../../state/queries/standing";

interface AppealDialogProps {
  actionId: string;
  /** Where the appeal goes: the signed-in person's, or a suspension's link. */
  send: AppealSender;
  /** What is appealed: 'the removal of your post on March 3, 2027'. */
  what: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: string;
  onTextChange: (text: string) => void;
  /** The appeal was taken (the row then loses its Appeal button). */
  onSent: () => void;
}

export function AppealDialog({ what, open, onOpenChange, onSent, ...form }: AppealDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      width="md"
      title="Appeal this action"
      description={`Tell the moderators why ${what} should be undone. Another moderator reads it; you can appeal each action once.`}
    >
      <AppealForm
        {...form}
        onDone={() => onOpenChange(false)}
        onSent={() => {
          onSent();
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}

function AppealForm({
  actionId,
  text,
  onTextChange,
  onDone,
  onSent,
  send,
}: Pick<AppealDialogProps, "actionId" | "send" | "text" | "onTextChange" | "onSent"> & {
  onDone: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  // Account standing sends every row's appeal through one mutation: this form shows only its own.
  const mine = send.variables?.actionId === actionId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = appealRequest.safeParse({ text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Say why the action should be undone.");
      return;
    }
    setProblem(null);
    send.mutate(
      { actionId, text: parsed.data.text },
      {
        onSuccess: () => {
          toast.success("Appeal sent. You will hear back here and by e-mail.");
          onTextChange("");
          onSent();
        },
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.fields?.text) {
            setProblem(failure.fields.text[0] ?? null);
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextAreaField
        label="Your appeal"
        value={text}
        rows={6}
        maxLength={APPEAL_TEXT_MAX}
        onChange={(event) => onTextChange(event.target.value)}
        error={problem ?? undefined}
        hint={`${text.length.toLocaleString("en")} of ${APPEAL_TEXT_MAX.toLocaleString("en")} characters`}
        required
      />
      {send.isError && mine && !problem ? (
        <FormMessage>
          {errorMessage(send.error, "Could not send the appeal. Please try again.")}
        </FormMessage>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={send.isPending && mine}>
          Send appeal
        </Button>
      </div>
    </form>
  );
}
