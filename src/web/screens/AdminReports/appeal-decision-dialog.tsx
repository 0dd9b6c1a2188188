// The dialog before an appeal's decision (docs/safety.md "Appeals"): approving takes an optional
// note and undoes the action; rejecting needs the reason the person is told. Either goes to the
// audit log. A refusal stays in the dialog; success closes it with a toast saying what changed.
import { type FormEvent, useState } from "react";
import type { AppealDecision, QueuedAppeal } from "../../../domain/contracts/appeals";
import { Button } from "../../components/controls/button";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { TextAreaField } from "../../components/form/text-area-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useAppealDecisionMutation } from "../../state/queries/appeals";

type Choice = AppealDecision["decision"];
const REASON_MAX = 500;

function wording(choice: Choice, appeal: QueuedAppeal) {
  const who = `@${appeal.person.handle}`;
  return choice === "approve"
    ? {
        title: "Approve this appeal?",
        description: `The action is undone (unless a later one replaced it) and no longer counts; ${who} is told.`,
        field: "Note to the person (optional)",
        button: "Approve",
      }
    : {
        title: "Reject this appeal?",
        description: `The action stands; ${who} is told your reason.`,
        field: "Reason",
        button: "Reject",
      };
}

export function AppealDecisionDialog({
  choice,
  appeal,
  onClose,
}: {
  choice: Choice | null;
  appeal: QueuedAppeal;
  onClose: () => void;
}) {
  const words = choice ? wording(choice, appeal) : null;
  return (
    <Dialog
      open={choice !== null}
      onOpenChange={(open) => !open && onClose()}
      width="md"
      title={words?.title ?? ""}
      description={words?.description ?? ""}
    >
      {choice && words ? (
        <DecisionForm choice={choice} appeal={appeal} words={words} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

function DecisionForm(props: {
  choice: Choice;
  appeal: QueuedAppeal;
  words: ReturnType<typeof wording>;
  onDone: () => void;
}) {
  const { choice, appeal, words, onDone } = props;
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useAppealDecisionMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    const given = reason.trim();
    if (choice === "reject" && given === "") {
      setProblem("Give the reason the person is told.");
      return;
    }
    setProblem(null);
    decide.mutate(
      { id: appeal.id, decision: { decision: choice, ...(given ? { reason: given } : {}) } },
      {
        onSuccess: ({ status, undone }) => {
          toast.success(
            status === "rejected"
              ? "Appeal rejected"
              : undone
                ? "Appeal approved: the action is undone"
                : "Appeal approved: the action no longer counts; a later action or its end had already replaced it",
          );
          onDone();
        },
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.fields?.reason) {
            setProblem(failure.fields.reason[0] ?? null);
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextAreaField
        label={words.field}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={REASON_MAX}
        rows={3}
        required={choice === "reject"}
        error={problem ?? undefined}
        hint="Kept in the audit log; the person is told it."
      />
      {decide.isError && !problem ? (
        <FormMessage>
          {errorMessage(decide.error, "Could not do that. Please try again.")}
        </FormMessage>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={choice === "reject" ? "danger" : "primary"}
          busy={decide.isPending}
        >
          {words.button}
        </Button>
      </div>
    </form>
  );
}
