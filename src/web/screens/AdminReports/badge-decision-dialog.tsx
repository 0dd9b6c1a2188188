// The dialog before a badge decision (docs/safety.md "Badges"): approving asks only to confirm;
// denying and revoking need the reason the person is told, asking needs the question. Each goes
// to the audit log. A refusal stays in the dialog; success closes it with a toast.
import { type FormEvent, useState } from "react";
import {
  BADGE_MESSAGE_MAX,
  BADGE_NAMES,
  type BadgeDecision,
  type QueuedBadgeRequest,
} from "../../../domain/contracts/badges";
import { Button } from "../../components/controls/button";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { TextAreaField } from "../../components/form/text-area-field";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useBadgeDecisionMutation } from "../../state/queries/badges";

type Choice = BadgeDecision["decision"];

function wording(choice: Choice, request: QueuedBadgeRequest) {
  const name = BADGE_NAMES[request.kind];
  const who = `@${request.person.handle}`;
  switch (choice) {
    case "approve":
      return {
        title: `Approve the ${name}?`,
        description: `It shows on ${who}'s profile at once; they are told by e-mail.`,
        button: "Approve",
        field: null,
        done: `${who} has the ${name}`,
      };
    case "deny":
      return {
        title: `Deny the ${name}?`,
        description: `${who} sees the reason and may ask again in 30 days.`,
        button: "Deny",
        field: "Reason",
        done: "Request denied",
      };
    case "ask":
      return {
        title: "Ask for more",
        description: `${who} sees your question and can answer or add links.`,
        button: "Send question",
        field: "Question",
        done: "Question sent",
      };
    case "revoke":
      return {
        title: `Revoke the ${name}?`,
        description: `It leaves ${who}'s profile at once; they see the reason.`,
        button: "Revoke",
        field: "Reason",
        done: `The ${name} was revoked`,
      };
  }
}

export function BadgeDecisionDialog({
  choice,
  request,
  onClose,
}: {
  choice: Choice | null;
  request: QueuedBadgeRequest;
  onClose: () => void;
}) {
  const words = choice ? wording(choice, request) : null;
  return (
    <Dialog
      open={choice !== null}
      onOpenChange={(open) => !open && onClose()}
      width="md"
      title={words?.title ?? ""}
      description={words?.description ?? ""}
    >
      {choice && words ? (
        <DecisionForm choice={choice} request={request} words={words} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

function DecisionForm(props: {
  choice: Choice;
  request: QueuedBadgeRequest;
  words: ReturnType<typeof wording>;
  onDone: () => void;
}) {
  const { choice, request, words, onDone } = props;
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useBadgeDecisionMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    if (words.field && message.trim() === "") {
      setProblem(choice === "ask" ? "Write your question." : "Give a reason.");
      return;
    }
    setProblem(null);
    const decision: BadgeDecision =
      choice === "approve"
        ? { decision: "approve" }
        : { decision: choice, message: message.trim() };
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => {
          toast.success(words.done);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {words.field ? (
        <TextAreaField
          label={words.field}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={BADGE_MESSAGE_MAX}
          rows={3}
          required
          error={problem ?? undefined}
          hint="Kept in the audit log; the person is told it."
        />
      ) : null}
      {decide.isError ? (
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
          variant={choice === "revoke" || choice === "deny" ? "danger" : "primary"}
          busy={decide.isPending}
        >
          {words.button}
        </Button>
      </div>
    </form>
  );
}
