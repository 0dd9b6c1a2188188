// One message (spec-1 §3 chat_messages): who wrote it, when, its subject and body. Inbound mail
// (spec-2 §1) may carry more: a body over 250 characters is shown collapsed with 'Show more', a
// message that failed its sender's DMARC check carries a warning, and dropped attachments are said.
// A message from another member can be reported (docs/safety.md); one the reader's muted words
// match shows collapsed until Show (docs/safety.md "Muted words").
import { clsx } from "clsx";
import { Paperclip, TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { MessageView } from "../../../domain/contracts/mail";
import { displayName } from "../../../domain/display-name";
import { MESSAGE_BODY_MAX } from "../../../domain/mail-rules";
import { clockTime, threadTimeLabel } from "../../../domain/time-labels";
import { MutedHidden } from "../../components/safety/muted-hidden";
import { TimeStamp } from "../../components/text/time-stamp";
import { MessageMenu } from "./message-menu";

/** The writer's name: the member's name, or the outside sender's address. */
export function senderName(message: MessageView): string {
  if (message.senderDeleted) return "Deleted account";
  if (message.sender) return displayName(message.sender);
  if (message.senderAddress === null) return "Unknown sender";
  return displayName({ address: message.senderAddress });
}

/** The day as in the thread list, and the time: '3:04 PM', 'Yesterday, 3:04 PM', 'Mar 3, 3:04 PM'. */
function messageTime(at: Date, now: Date): string {
  const time = clockTime(at);
  const day = threadTimeLabel(at, now);
  return day === time ? time : `${day}, ${time}`;
}

const attachmentsNote = (count: number) =>
  count === 1
    ? "1 attachment was removed: mail here carries text only."
    : `${count} attachments were removed: mail here carries text only.`;

interface MessageItemProps {
  message: MessageView;
  mine: boolean;
  now: Date;
}

export function MessageItem({ message, mine, now }: MessageItemProps) {
  const [expanded, setExpanded] = useState(false);
  const collapsible = message.direction === "inbound" && message.body.length > MESSAGE_BODY_MAX;
  const body =
    collapsible && !expanded
      ? `${message.body.slice(0, MESSAGE_BODY_MAX).trimEnd()}…`
      : message.body;
  const name = mine ? "You" : senderName(message);
  const at = new Date(message.createdAt);

  return (
    <article
      aria-label={`Message from ${name}`}
      className={clsx(
        "max-w-[85%] min-w-0 rounded-2xl px-4 py-3",
        mine
          ? "ml-auto bg-sky-100 text-neutral-900 dark:bg-sky-950 dark:text-neutral-100"
          : "mr-auto border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900",
      )}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold break-all">{name}</span>
        <TimeStamp
          at={message.createdAt}
          now={now}
          label={messageTime(at, now)}
          className="text-xs text-neutral-600 dark:text-neutral-400"
        />
        {!mine && message.sender ? (
          <MessageMenu messageId={message.id} sender={message.sender} />
        ) : null}
      </header>
      {message.suspicious ? (
        <p className="mt-2 flex gap-2 rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          <TriangleAlert aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
          <span>
            <strong>Be careful:</strong> this message failed its sender’s authenticity check, so it
            may not really be from {message.senderAddress ?? "this address"}. Don’t follow its links
            or share anything until you are sure.
          </span>
        </p>
      ) : null}
      <MutedHidden mutedBy={message.mutedBy} className="mt-1">
        {message.subject ? (
          <p className="mt-1 font-semibold break-words">{message.subject}</p>
        ) : null}
        <p
          className={clsx(
            "mt-1 break-words whitespace-pre-wrap",
            message.senderDeleted && "text-neutral-600 italic dark:text-neutral-400",
          )}
        >
          {body}
        </p>
        {collapsible ? (
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
            className="mt-1 rounded text-sm font-semibold text-sky-700 hover:underline dark:text-sky-400"
          >
            {expanded ? "Show less" : "Show more"}
          </button>
        ) : null}
        {message.attachmentsDropped > 0 ? (
          <p className="mt-2 flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400">
            <Paperclip aria-hidden="true" size={14} className="shrink-0" />
            {attachmentsNote(message.attachmentsDropped)}
          </p>
        ) : null}
      </MutedHidden>
    </article>
  );
}
