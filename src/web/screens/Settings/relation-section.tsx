// One list of Settings (docs/safety.md "Block", "Mute"): the people the viewer blocks or mutes, newest
// first, page by page, each with the date and Unblock or Unmute. A person leaves the list once the
// server agrees; the focus then goes to the section's heading, not to the page's start.
import { useRef } from "react";
import { Button } from "../../components/controls/button";
import { LoadMore } from "../../components/controls/load-more";
import { PersonLine } from "../../components/person/person-line";
import { errorMessage } from "../../lib/api";
import { calendarDate } from "../../lib/calendar-date";
import { toast } from "../../lib/toast";
import {
  type RelationKind,
  useBlockMutation,
  useMuteMutation,
  useRelationListQuery,
} from "../../state/queries/safety";
import { listState, muted, SettingsSection } from "./settings-section";

const WORDS: Record<
  RelationKind,
  { title: string; empty: string; since: string; undo: string; undone: string; failed: string }
> = {
  blocks: {
    title: "Blocked accounts",
    empty: "You have not blocked anyone.",
    since: "Blocked",
    undo: "Unblock",
    undone: "Unblocked",
    failed: "Could not load the people you blocked.",
  },
  mutes: {
    title: "Muted accounts",
    empty: "You have not muted anyone.",
    since: "Muted",
    undo: "Unmute",
    undone: "Unmuted",
    failed: "Could not load the people you muted.",
  },
};

export function RelationSection({ kind }: { kind: RelationKind }) {
  const words = WORDS[kind];
  const query = useRelationListQuery(kind);
  const block = useBlockMutation();
  const mute = useMuteMutation();
  const change = kind === "blocks" ? block : mute;
  const heading = useRef<HTMLHeadingElement>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  const undo = (userId: string, handle: string) =>
    change.mutate(
      { userId, on: false },
      {
        onSuccess: () => {
          heading.current?.focus();
          toast.success(`${words.undone} @${handle}`);
        },
        onError: (error) =>
          toast.error(errorMessage(error, `Could not ${words.undo.toLowerCase()} @${handle}.`)),
      },
    );

  const list =
    items.length === 0 ? (
      <p className={`py-6 text-center ${muted}`}>{words.empty}</p>
    ) : (
      <>
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {items.map(({ person, since }) => (
            <li key={person.userId} className="py-3">
              <PersonLine
                person={person}
                detail={`${words.since} ${calendarDate(since)}`}
                action={
                  <Button
                    variant="secondary"
                    busy={change.isPending && change.variables?.userId === person.userId}
                    onClick={() => undo(person.userId, person.handle)}
                  >
                    {words.undo}
                    {/* The space sits outside: name computation trims inside elements. */}{" "}
                    <span className="sr-only">@{person.handle}</span>
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
        <LoadMore list={query} className="pt-3" />
      </>
    );

  return (
    <SettingsSection title={words.title} headingRef={heading}>
      {listState(query, words.failed) ?? list}
    </SettingsSection>
  );
}
