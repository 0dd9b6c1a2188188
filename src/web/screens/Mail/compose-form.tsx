// The message fields every composer shares (spec-1 §5): Subject, optional, at most 120 characters;
// Message, required after trimming, at most 250, with the counter 'n/250'; Enter without Shift
// sends and Shift+Enter starts a new line; Send is disabled while the text is empty or a send is
// pending. A failed send keeps what was typed; a sent one clears the fields. A composer whose
// recipient does not take the writer's messages says why above its fields, which are disabled
// (docs/mail.md "Who can be written to").
import { clsx } from "clsx";
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from "../../../domain/mail-rules";
import { Button } from "../../components/controls/button";
import { FieldLabel, inputClass } from "../../components/form/text-field";
import type { Draft } from "../../state/queries/mail-send";

interface ComposeFormProps {
  /** reply: compact, under a conversation, labels for screen readers only. full: visible labels. */
  layout: "reply" | "full";
  sending: boolean;
  /** Anything else Send waits for, e.g. a To address. */
  ready?: boolean;
  /** Fields above Subject (the external composer's To). */
  children?: ReactNode;
  /** Puts the cursor in the message box at once (the recipient is already known). */
  autoFocus?: boolean;
  /** Sends the draft; resolves true once sent, so the fields clear. */
  onSend: (draft: Draft) => Promise<boolean>;
  /** Why nothing can be sent here, in the server's words: shown, and the fields disabled. */
  refusal?: string | undefined;
}

const muted = "text-neutral-500 dark:text-neutral-400";

export function ComposeForm(props: ComposeFormProps) {
  const { layout, sending, ready = true, autoFocus = false, children, onSend, refusal } = props;
  const closed = refusal !== undefined;
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const id = useId();
  const bodyBox = useRef<HTMLTextAreaElement>(null);
  const full = layout === "full";
  const canSend = ready && body.trim() !== "" && !sending && !closed;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    if (await onSend({ subject, body })) {
      setSubject("");
      setBody("");
    }
  };

  const onBodyKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };
  // Enter in the one-line Subject goes on to the message rather than sending half a draft.
  const onSubjectKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    bodyBox.current?.focus();
  };

  const label = (htmlFor: string, text: string) =>
    full ? (
      <FieldLabel htmlFor={htmlFor}>{text}</FieldLabel>
    ) : (
      <label htmlFor={htmlFor} className="sr-only">
        {text}
      </label>
    );

  return (
    <form noValidate onSubmit={send} className={clsx("flex flex-col", full ? "gap-4" : "gap-2")}>
      {closed ? (
        <p
          id={`${id}-refusal`}
          className="rounded-xl bg-neutral-100 px-3 py-2 text-sm font-medium dark:bg-neutral-800/60"
        >
          {refusal}
        </p>
      ) : null}
      {children}
      <div className="space-y-1.5">
        {label(`${id}-subject`, "Subject")}
        <input
          id={`${id}-subject`}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          onKeyDown={onSubjectKeyDown}
          maxLength={MESSAGE_SUBJECT_MAX}
          disabled={closed}
          aria-describedby={closed ? `${id}-refusal` : undefined}
          placeholder={full ? "Optional" : "Subject (optional)"}
          autoComplete="off"
          className={clsx(inputClass, !full && "min-h-10")}
        />
      </div>
      <div className="space-y-1.5">
        {label(`${id}-body`, "Message")}
        <textarea
          ref={bodyBox}
          id={`${id}-body`}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onBodyKeyDown}
          maxLength={MESSAGE_BODY_MAX}
          // biome-ignore lint/a11y/noAutofocus: the composer was opened to write to this recipient
          autoFocus={autoFocus && !closed}
          disabled={closed}
          rows={full ? 6 : 2}
          placeholder={full ? undefined : "Write a message"}
          aria-describedby={closed ? `${id}-refusal` : `${id}-count ${id}-keys`}
          className={clsx(inputClass, "resize-none py-2.5 leading-6")}
        />
      </div>
      <div className="flex items-center gap-3">
        <span id={`${id}-keys`} className={clsx("hidden text-xs", !closed && "sm:inline", muted)}>
          Enter sends · Shift+Enter for a new line
        </span>
        <span
          id={`${id}-count`}
          className={clsx(
            "ml-auto text-xs tabular-nums",
            body.length >= MESSAGE_BODY_MAX ? "text-red-600 dark:text-red-400" : muted,
          )}
        >
          {body.length}/{MESSAGE_BODY_MAX}
        </span>
        <Button type="submit" disabled={!canSend} busy={sending}>
          Send
        </Button>
      </div>
    </form>
  );
}
