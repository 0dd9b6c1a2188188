// Answering a moderator's question about a badge request (docs/safety.md "Badges"): a few words
// and, for the yellow badge, more public links; sending puts the request back in the queue.
import { type FormEvent, useState } from "react";
import {
  answerBody,
  BADGE_LINKS_MAX,
  BADGE_MESSAGE_MAX,
  type OwnBadgeRequest,
} from "../../../domain/contracts/badges";
import { Dialog } from "../../components/dialog/dialog";
import { FormMessage } from "../../components/form/form-message";
import { TextAreaField } from "../../components/form/text-area-field";
import { TextField } from "../../components/form/text-field";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useAnswerMutation } from "../../state/queries/badges";
import { RequestFormActions } from "./request-form-actions";

export function BadgeAnswerDialog({
  request,
  open,
  onOpenChange,
}: {
  request: OwnBadgeRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Answer the moderator"
      description={request.question ?? ""}
    >
      <AnswerForm request={request} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AnswerForm({ request, onDone }: { request: OwnBadgeRequest; onDone: () => void }) {
  const [answer, setAnswer] = useState("");
  const [link, setLink] = useState("");
  const [errors, setErrors] = useState<{ answer?: string; link?: string }>({});
  const send = useAnswerMutation(request.kind);
  const canAddLink = request.kind === "yellow" && request.links.length < BADGE_LINKS_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (send.isPending) return;
    const body = { answer, links: link.trim() ? [link.trim()] : [] };
    const parsed = answerBody.safeParse(body);
    if (!parsed.success) {
      const issue = (key: string) => parsed.error.issues.find((i) => i.path[0] === key)?.message;
      setErrors({ answer: issue("answer"), link: issue("links") });
      return;
    }
    setErrors({});
    send.mutate(body, {
      onSuccess: () => {
        toast.success("Answer sent. Your request is back with the moderators.");
        onDone();
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.fields?.links) {
          setErrors({ link: failure.fields.links[0] });
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextAreaField
        label="Your answer"
        value={answer}
        rows={4}
        maxLength={BADGE_MESSAGE_MAX}
        onChange={(event) => setAnswer(event.target.value)}
        error={errors.answer}
        required
      />
      {canAddLink ? (
        <TextField
          label="Add a public link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={link}
          onChange={(event) => setLink(event.target.value)}
          error={errors.link}
        />
      ) : null}
      {send.isError && !errors.link ? (
        <FormMessage>
          {errorMessage(send.error, "Could not send the answer. Please try again.")}
        </FormMessage>
      ) : null}
      <RequestFormActions onCancel={onDone} busy={send.isPending} submitLabel="Send answer" />
    </form>
  );
}
