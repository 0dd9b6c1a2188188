// Activity's Requests (/activity?view=requests; docs/notifications.md "Requests"): what the filter
// of new accounts held, grouped by who wrote it, newest sender first. Each sender shows what
// waits (their newest items, each with the post it is on) and Accept (what waits joins Activity,
// their message request joins Mail, and what they write later notifies) or Dismiss (what waits
// goes). An answered sender leaves at once and the focus goes to the heading.
import { ArrowLeft } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router";
import type { PersonSummary } from "../../../domain/contracts/follows";
import type { RequestItem, SenderRequests } from "../../../domain/contracts/requests";
import { Button } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { PersonLine } from "../../components/person/person-line";
import { TimeStamp } from "../../components/text/time-stamp";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  type RequestAnswer,
  useAnswerRequestMutation,
  useRequestsQuery,
} from "../../state/queries/requests";
import { ANSWER_FAILED, ANSWERED, itemLabel, waitingLabel } from "./request-words";

const muted = "text-neutral-600 dark:text-neutral-400";

/** Someone elsewhere is shown as a person here is, without a picture, linking to their page
 * here (as follow-request-rows.ts does). */
function personOf({ sender }: SenderRequests): { person: PersonSummary; path: string } {
  const person: PersonSummary = {
    userId: sender.userId,
    fullName: sender.fullName,
    handle: sender.handle,
    username: null,
    profileImageUrl: sender.profileImageUrl,
    verificationType: "none",
    veteran: false,
  };
  return { person, path: sender.elsewhere ? `/@${sender.handle}` : `/${sender.handle}` };
}

function Item({ item, now }: { item: RequestItem; now: Date }) {
  const inApp = item.target?.startsWith("/") === true;
  return (
    <li className="flex flex-col gap-1 py-2">
      <span className={`flex flex-wrap items-baseline gap-x-2 text-sm ${muted}`}>
        <span className="font-medium text-neutral-800 dark:text-neutral-200">
          {itemLabel(item)}
        </span>
        <TimeStamp at={item.createdAt} now={now} ago />
      </span>
      {item.commentSnippet ? (
        <span className="border-l-2 border-neutral-300 pl-2 text-sm break-words dark:border-neutral-700">
          {item.commentSnippet}
        </span>
      ) : null}
      {item.postSnippet ? (
        <span className={`text-sm break-words ${muted}`}>
          {inApp && item.target ? (
            <Link to={item.target} className="hover:underline">
              “{item.postSnippet}”
            </Link>
          ) : (
            `“${item.postSnippet}”`
          )}
        </span>
      ) : null}
    </li>
  );
}

function Sender({
  entry,
  now,
  onAnswer,
}: {
  entry: SenderRequests;
  now: Date;
  onAnswer: (entry: SenderRequests, answer: RequestAnswer) => void;
}) {
  const { person, path } = personOf(entry);
  const more = entry.count - entry.items.length;
  return (
    <li className="py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <PersonLine
          person={person}
          path={path}
          detail={
            <>
              {waitingLabel(entry.count, entry.items)} · last{" "}
              <TimeStamp at={entry.lastAt} now={now} ago />
            </>
          }
          className="flex-1"
        />
        <div className="flex gap-2 pl-13 sm:pl-0">
          {(["accept", "dismiss"] as const).map((answer) => (
            <Button
              key={answer}
              variant={answer === "accept" ? "primary" : "secondary"}
              onClick={() => onAnswer(entry, answer)}
            >
              {answer === "accept" ? "Accept" : "Dismiss"}
              {/* The space sits outside: name computation trims inside elements. */}{" "}
              <span className="sr-only">@{person.handle}</span>
            </Button>
          ))}
        </div>
      </div>
      <ul className="mt-2 ml-13 divide-y divide-neutral-100 dark:divide-neutral-800">
        {entry.items.map((item) => (
          <Item key={item.id} item={item} now={now} />
        ))}
      </ul>
      {more > 0 ? <p className={`ml-13 text-sm ${muted}`}>and {more} more</p> : null}
    </li>
  );
}

export function ActivityRequests({ now }: { now: Date }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useRequestsQuery();
  const answer = useAnswerRequestMutation();

  const onAnswer = (entry: SenderRequests, choice: RequestAnswer) => {
    const { handle } = entry.sender;
    heading.current?.focus();
    answer.mutate(
      { senderId: entry.sender.userId, answer: choice },
      {
        onSuccess: () => toast.success(ANSWERED[choice](handle)),
        onError: (error) => toast.error(errorMessage(error, ANSWER_FAILED[choice](handle))),
      },
    );
  };

  const senders = query.data;
  return (
    <section aria-labelledby={headingId}>
      <Link
        to="/activity"
        className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline dark:text-sky-400"
      >
        <ArrowLeft aria-hidden="true" size={16} />
        Activity
      </Link>
      <h1 ref={heading} id={headingId} tabIndex={-1} className="text-2xl font-bold outline-none">
        Requests
      </h1>
      <p className={`mt-1 mb-4 text-sm ${muted}`}>
        Comments, replies and mentions from accounts newer than 30 days wait here without notifying
        you. Accept someone to see what they wrote in Activity and hear of them from now on; Dismiss
        to let it go. Their comments stay on your posts either way.
      </p>
      {senders === undefined ? (
        query.isError ? (
          <LoadError
            message="Could not load your requests."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            className="py-12"
          />
        ) : (
          <p role="status" className={`py-12 text-center ${muted}`}>
            Loading requests...
          </p>
        )
      ) : senders.length === 0 ? (
        <p className={`py-12 text-center ${muted}`}>No requests waiting.</p>
      ) : (
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {senders.map((entry) => (
            <Sender key={entry.sender.userId} entry={entry} now={now} onAnswer={onAnswer} />
          ))}
        </ul>
      )}
    </section>
  );
}
