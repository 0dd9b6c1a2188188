// 'Follow requests' at the top of Activity (docs/social-and-realtime.md "Private accounts"): the
// people waiting for the owner of a private account to answer, newest first, each with Approve and
// Decline. It shows while requests wait (or Activity has their item), and stays for the rest of the
// visit once one was answered, saying when none is left. An answered request leaves at once; the
// focus then goes to the section's heading, not to the page's start. Seeing the section reads the
// requests' Activity item.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { ActivityGroup } from "../../../domain/contracts/activity";
import type { FollowRequestView } from "../../../domain/contracts/follow-requests";
import { Button } from "../../components/controls/button";
import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { PersonLine } from "../../components/person/person-line";
import { TimeStamp } from "../../components/text/time-stamp";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useMarkGroupReadMutation } from "../../state/queries/activity";
import {
  type FollowAnswer,
  useAnswerFollowRequestMutation,
  useFollowRequestsQuery,
} from "../../state/queries/follow-requests";

const muted = "text-neutral-600 dark:text-neutral-400";

const WORDS: Record<FollowAnswer, { label: string; done: (handle: string) => string }> = {
  approve: { label: "Approve", done: (handle) => `@${handle} now follows you` },
  decline: { label: "Decline", done: (handle) => `Declined @${handle}'s request` },
};

export function FollowRequests({ group, now }: { group: ActivityGroup | undefined; now: Date }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useFollowRequestsQuery();
  const answer = useAnswerFollowRequestMutation();
  const { mutate: markRead } = useMarkGroupReadMutation();
  const [answered, setAnswered] = useState(false);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = Boolean(group) || items.length > 0 || answered;

  const unread = shown && group?.unread === true;
  useEffect(() => {
    if (unread) markRead({ groupType: "FOLLOW_REQUEST", postId: null });
  }, [unread, markRead]);

  if (!shown) return null;

  const onAnswer = (person: FollowRequestView, choice: FollowAnswer) => {
    const words = WORDS[choice];
    setAnswered(true);
    heading.current?.focus();
    answer.mutate(
      { person, answer: choice },
      {
        onSuccess: () => toast.success(words.done(person.handle)),
        onError: (error) =>
          toast.error(
            errorMessage(
              error,
              `Could not ${choice} @${person.handle}'s request. Please try again.`,
            ),
          ),
      },
    );
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className={`py-4 text-center ${muted}`}>
        Loading follow requests...
      </p>
    );
  } else if (query.isError) {
    body = (
      <LoadError
        message="Could not load follow requests."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-4"
      />
    );
  } else if (items.length === 0) {
    body = <p className={`py-4 text-center ${muted}`}>No follow requests waiting.</p>;
  } else {
    body = (
      <>
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {items.map((person) => (
            <li
              key={person.userId}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3"
            >
              <PersonLine
                person={person}
                detail={
                  <>
                    Asked <TimeStamp at={person.since} now={now} /> ago
                  </>
                }
                className="flex-1"
              />
              <div className="flex gap-2 pl-13 sm:pl-0">
                {(["approve", "decline"] as const).map((choice) => (
                  <Button
                    key={choice}
                    variant={choice === "approve" ? "primary" : "secondary"}
                    onClick={() => onAnswer(person, choice)}
                  >
                    {WORDS[choice].label}
                    {/* The space sits outside: name computation trims inside elements. */}{" "}
                    <span className="sr-only">@{person.handle}</span>
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
        <LoadMore list={query} className="pt-3" />
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-3xl border border-neutral-200 bg-white px-4 py-4 sm:px-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-bold outline-none">
        Follow requests
      </h2>
      {body}
    </section>
  );
}
