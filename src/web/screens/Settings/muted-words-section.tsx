// 'Muted words' (docs/safety.md "Muted words"): the person's words, phrases and #hashtags, newest
// first, each with where it applies and until when, Remove, and Renew for an expired one (for as
// long as it was last chosen); the form below adds one. An entry removed hands the focus to the
// section's heading, as the other lists of Settings do.
import { useRef } from "react";
import type { MutedWordView } from "../../../domain/contracts/muted-words";
import { Button } from "../../components/controls/button";
import { errorMessage } from "../../lib/api";
import { calendarDate } from "../../lib/calendar-date";
import { toast } from "../../lib/toast";
import {
  useChangeMutedWordMutation,
  useMutedWordsQuery,
  useRemoveMutedWordMutation,
} from "../../state/queries/muted-words";
import { CONTEXT_LABELS, MutedWordForm } from "./muted-word-form";
import { listState, muted, SettingsSection } from "./settings-section";

function lasting(word: MutedWordView): string {
  if (word.expiresAt === null) return "Forever";
  return `${word.expired ? "Expired" : "Until"} ${calendarDate(word.expiresAt)}`;
}

export function MutedWordsSection() {
  const query = useMutedWordsQuery();
  const change = useChangeMutedWordMutation();
  const remove = useRemoveMutedWordMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = query.data?.items ?? [];

  const renew = (word: MutedWordView) =>
    change.mutate(
      { id: word.id, duration: word.duration },
      {
        onSuccess: () => toast.success(`“${word.text}” is muted again`),
        onError: (error) => toast.error(errorMessage(error, `Could not renew “${word.text}”.`)),
      },
    );
  const unmute = (word: MutedWordView) =>
    remove.mutate(word.id, {
      onSuccess: () => {
        heading.current?.focus();
        toast.success(`Removed “${word.text}”`);
      },
      onError: (error) => toast.error(errorMessage(error, `Could not remove “${word.text}”.`)),
    });

  const list =
    items.length === 0 ? (
      <p className={`py-4 text-center ${muted}`}>You have not muted any words.</p>
    ) : (
      <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {items.map((word) => (
          <li key={word.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{word.text}</p>
              <p className={`text-sm ${muted}`}>
                {word.contexts.map((c) => CONTEXT_LABELS[c]).join(" · ")} ·{" "}
                <span className={word.expired ? "text-amber-700 dark:text-amber-400" : undefined}>
                  {lasting(word)}
                </span>
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              {word.expired ? (
                <Button
                  variant="secondary"
                  busy={change.isPending && change.variables?.id === word.id}
                  onClick={() => renew(word)}
                >
                  Renew <span className="sr-only">“{word.text}”</span>
                </Button>
              ) : null}
              <Button
                variant="secondary"
                busy={remove.isPending && remove.variables === word.id}
                onClick={() => unmute(word)}
              >
                Remove <span className="sr-only">“{word.text}”</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <SettingsSection title="Muted words" headingRef={heading}>
      <p className={`pt-1 text-sm ${muted}`}>
        Posts, comments and messages with these words show collapsed, with Show to read them. Your
        own never are.
      </p>
      {listState(query, "Could not load your muted words.") ?? list}
      <MutedWordForm />
    </SettingsSection>
  );
}
