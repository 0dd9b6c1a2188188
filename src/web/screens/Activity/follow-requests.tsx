// 'Follow requests' at the top of Activity (docs/social-and-realtime.md "Private accounts",
// docs/federation.md "In the web app"): the people waiting for the owner of a private account to
// answer, from here and from other servers in one list, newest first, each with Approve and
// Decline. It shows while requests wait (or Activity has their item), and stays for the rest of the
// visit once one was answered, saying when none is left. An answered request leaves at once; the
// focus then goes to the section's heading, not to the page's start. Seeing the section reads the
// requests' Activity item.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { ActivityGroup } from "../../../domain/contracts/activity";
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
import {
  useAnswerRemoteFollowRequestMutation,
  useRemoteFollowRequestsQuery,
} from "../../state/queries/remote-follow-requests";
import { type FollowRequestRow, followRequestRows } from "./follow-request-rows";

const muted = "text-neutral-600 dark:text-neutral-400";

const WORDS: Record<FollowAnswer, { label: string; done: (handle: string) => string }> = {
  approve: { label: "Approve", done: (handle) => `@${handle} now follows you` },
  decline: { label: "Decline", done: (handle) => `Declined @${handle}'s request` },
};

export function FollowRequests({ group, now }: { group: ActivityGroup | undefined; now: Date }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useFollowRequestsQuery();
  const remote = useRemoteFollowRequestsQuery();
  const answer = useAnswerFollowRequestMutation();
  const answerRemote = useAnswerRemoteFollowRequestMutation();
  const { mutate: markRead } = useMarkGroupReadMutation();
  const [answered, setAnswered] = useState(false);
  const rows = followRequestRows(
    query.data?.pages.flatMap((page) => page.items) ?? [],
    remote.data?.items ?? [],
    query.hasNextPage,
  );
  const shown = Boolean(group) || rows.length > 0 || answered;

  const unread = shown && group?.unread === true;
  useEffect(() => {
    if (unread) markRead({ groupType: "FOLLOW_REQUEST", postId: null });
  }, [unread, markRead]);

  if (!shown) return null;

  const onAnswer = (row: FollowRequestRow, choice: FollowAnswer) => {
    const { handle } = row.person;
    setAnswered(true);
    heading.current?.focus();
    const told = {
      onSuccess: () => toast.success(WORDS[choice].done(handle)),
      onError: (error: Error) =>
        toast.error(
          errorMessage(error, `Could not ${choice} @${handle}'s request. Please try again.`),
        ),
    };
    if (row.from === "here") answer.mutate({ person: row.request, answer: choice }, told);
    else answerRemote.mutate({ request: row.request, answer: choice }, told);
  };

  // Either list may fail alone; the other's requests still show, with the failure under them.
  const failed = [query, remote].filter((list) => list.isError);
  const loadError =
    failed.length > 0 ? (
      <LoadError
        message={
          query.isError
            ? "Could not load follow requests."
            : "Could not load follow requests from other servers."
        }
        onRetry={() => {
          for (const list of failed) void list.refetch();
        }}
        retrying={failed.some((list) => list.isFetching)}
        className="py-4"
      />
    ) : null;

  let body: ReactNode;
  if (query.isPending || remote.isPending) {
    body = (
      <p role="status" className={`py-4 text-center ${muted}`}>
        Loading follow requests...
      </p>
    );
  } else if (rows.length === 0 && !loadError) {
    body = <p className={`py-4 text-center ${muted}`}>No follow requests waiting.</p>;
  } else {
    body = (
      <>
        {rows.length > 0 ? (
          <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {rows.map((row) => (
              <li
                key={row.key}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3"
              >
                <PersonLine
                  person={row.person}
                  path={row.path}
                  detail={
                    <>
                      Asked <TimeStamp at={row.since} now={now} ago />
                      {row.from === "elsewhere" ? " · from another server" : null}
                    </>
                  }
                  className="flex-1"
                />
                <div className="flex gap-2 pl-13 sm:pl-0">
                  {(["approve", "decline"] as const).map((choice) => (
                    <Button
                      key={choice}
                      variant={choice === "approve" ? "primary" : "secondary"}
                      onClick={() => onAnswer(row, choice)}
                    >
                      {WORDS[choice].label}
                      {/* The space sits outside: name computation trims inside elements. */}{" "}
                      <span className="sr-only">@{row.person.handle}</span>
                    </Button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <LoadMore list={query} className="pt-3" />
        {loadError}
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
