// The form that adds a muted word (docs/safety.md "Muted words"): the word, phrase or #hashtag,
// where it applies (all three until unticked) and for how long, checked with the request's own
// contract before it is sent. The field keeps the focus after an entry is added, for the next.
import { type FormEvent, useId, useRef, useState } from "react";
import { z } from "zod";
import { addMutedWordBody } from "../../../domain/contracts/muted-words";
import {
  MUTED_WORD_CONTEXTS,
  MUTED_WORD_DURATIONS,
  type MutedWordContext,
  type MutedWordDuration,
} from "../../../domain/muted-words";
import { Button } from "../../components/controls/button";
import { FieldLabel, inputClass, TextField } from "../../components/form/text-field";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useAddMutedWordMutation } from "../../state/queries/muted-words";

export const CONTEXT_LABELS: Record<MutedWordContext, string> = {
  feed: "Posts",
  comments: "Comments",
  mail: "Mail",
};

const DURATION_LABELS: Record<MutedWordDuration, string> = {
  day: "For a day",
  week: "For a week",
  month: "For a month",
  never: "Forever",
};

export function MutedWordForm() {
  const add = useAddMutedWordMutation();
  const [text, setText] = useState("");
  const [contexts, setContexts] = useState<MutedWordContext[]>([...MUTED_WORD_CONTEXTS]);
  const [duration, setDuration] = useState<MutedWordDuration>("never");
  const [errors, setErrors] = useState<{ text?: string; contexts?: string }>({});
  const field = useRef<HTMLInputElement>(null);
  const durationId = useId();

  const toggle = (context: MutedWordContext, on: boolean) =>
    setContexts((now) => (on ? [...now, context] : now.filter((c) => c !== context)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { text, contexts, duration };
    const parsed = addMutedWordBody.safeParse(body);
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      setErrors({ text: fields.text?.[0], contexts: fields.contexts?.[0] });
      return;
    }
    setErrors({});
    add.mutate(body, {
      onSuccess: ({ mutedWord }) => {
        setText("");
        field.current?.focus();
        toast.success(`Muted “${mutedWord.text}”`);
      },
      onError: (error) => setErrors({ text: errorMessage(error, "Could not mute this word.") }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 pt-3">
      <TextField
        ref={field}
        label="Word, phrase or #hashtag"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
        hint="Whole words, any case: “spoiler” also hides “Spoiler!” and #spoiler, not “spoilers”."
        autoComplete="off"
      />
      <fieldset aria-describedby={errors.contexts ? `${durationId}-where` : undefined}>
        <legend className="text-sm font-medium text-neutral-700 dark:text-neutral-300">
          Hide it in
        </legend>
        <div className="flex flex-wrap gap-x-4">
          {MUTED_WORD_CONTEXTS.map((context) => (
            <label
              key={context}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200"
            >
              <input
                type="checkbox"
                checked={contexts.includes(context)}
                onChange={(event) => toggle(context, event.target.checked)}
                className="size-4 accent-sky-600"
              />
              {CONTEXT_LABELS[context]}
            </label>
          ))}
        </div>
        {errors.contexts ? (
          <p id={`${durationId}-where`} className="text-sm text-red-600 dark:text-red-400">
            {errors.contexts}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-40 flex-1 space-y-1.5">
          <FieldLabel htmlFor={durationId}>How long</FieldLabel>
          <select
            id={durationId}
            value={duration}
            onChange={(event) => setDuration(event.target.value as MutedWordDuration)}
            className={inputClass}
          >
            {MUTED_WORD_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {DURATION_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={add.isPending}>
          Mute
        </Button>
      </div>
    </form>
  );
}
