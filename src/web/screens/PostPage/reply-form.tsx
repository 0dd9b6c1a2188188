// Writing a comment or a reply (spec-2 §2, §5): the text must be non-empty after trimming. A
// failure is only logged (spec-2 §8) and the text stays for another try.
import { type FormEvent, useId, useState } from "react";
import { COMMENT_MAX } from "../../../domain/limits";
import { Button } from "../../components/controls/button";
import { inputClass } from "../../components/form/text-field";
import { useAddCommentMutation } from "../../state/queries/comments";

interface ReplyFormProps {
  postId: string;
  /** The top-level comment a reply belongs to; null for a new comment on the post. */
  parentCommentId: string | null;
  label: string;
  autoFocus?: boolean;
  onDone?: () => void;
  onCancel?: () => void;
}

export function ReplyForm(props: ReplyFormProps) {
  const { postId, parentCommentId, label, autoFocus = false, onDone, onCancel } = props;
  const [text, setText] = useState("");
  const add = useAddCommentMutation(postId);
  const id = useId();
  const trimmed = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === "" || add.isPending) return;
    add.mutate(
      { content: trimmed, parentCommentId },
      {
        onSuccess: () => {
          setText("");
          onDone?.();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={label}
        maxLength={COMMENT_MAX}
        rows={parentCommentId ? 2 : 3}
        // biome-ignore lint/a11y/noAutofocus: opened by pressing Reply, so typing is the next step
        autoFocus={autoFocus}
        className={`${inputClass} resize-y py-2.5 leading-6`}
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={trimmed === ""} busy={add.isPending}>
          Reply
        </Button>
      </div>
    </form>
  );
}
