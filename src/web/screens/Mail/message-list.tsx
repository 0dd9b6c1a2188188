// A conversation's messages (spec-1 §4, §9: 50 a page, newest first from the server), shown
// oldest at the top and newest at the bottom, with 'Load earlier messages' above. The scroller
// is anchored at its bottom (column-reverse), so it opens on the newest message and loading
// earlier ones does not move what is on screen. A message from the other side arriving while the
// conversation is open is announced to screen readers.
import { clsx } from "clsx";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { MessageView } from "../../../domain/contracts/mail";
import { Button } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { useNow } from "../../lib/use-now";
import { MESSAGES_FAILED, useMessagesQuery } from "../../state/queries/mail";
import { chronological } from "../../state/queries/mail-pages";
import { MessageItem, senderName } from "./message-item";

const muted = "text-neutral-600 dark:text-neutral-400";

/** 'New message from …' once a message from someone else lands after the first load. */
function useArrivalAnnouncement(newest: MessageView | undefined, viewerId: string): string {
  const [text, setText] = useState("");
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const id = newest?.id ?? null;
    if (seen.current !== undefined && id !== seen.current && newest) {
      if (newest.sender?.userId !== viewerId) setText(`New message from ${senderName(newest)}`);
    }
    seen.current = id;
  }, [newest, viewerId]);
  return text;
}

interface MessageListProps {
  threadId: string;
  viewerId: string;
  /** Names the scrolling region, e.g. 'Conversation with Grace Hopper'. */
  label: string;
  /** Nothing can be written here (the composer says why): the empty list invites nobody to. */
  closed?: boolean;
}

export function MessageList({ threadId, viewerId, label, closed = false }: MessageListProps) {
  const query = useMessagesQuery(threadId);
  const now = useNow();
  const list = useRef<HTMLOListElement>(null);
  const earlierButton = useRef<HTMLDivElement>(null);
  const messages = chronological(query.data);
  const announcement = useArrivalAnnouncement(query.data ? messages.at(-1) : undefined, viewerId);

  const loadEarlier = async () => {
    await query.fetchNextPage();
    // The button goes away with the last page: keep the keyboard user in the conversation.
    if (!earlierButton.current) list.current?.focus();
  };

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <p role="status" className={clsx("py-12 text-center", muted)}>
        Loading messages...
      </p>
    );
  } else if (query.isError && !query.data) {
    content = (
      <LoadError
        message={MESSAGES_FAILED}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-12"
      />
    );
  } else if (messages.length === 0) {
    content = (
      <div className="py-12 text-center">
        <p className="font-semibold">No messages yet</p>
        {closed ? null : <p className={clsx("mt-1 text-sm", muted)}>Write the first one below.</p>}
      </div>
    );
  } else {
    content = (
      <>
        {query.hasNextPage ? (
          <div ref={earlierButton} className="flex justify-center">
            <Button
              variant="secondary"
              busy={query.isFetchingNextPage}
              onClick={() => void loadEarlier()}
            >
              Load earlier messages
            </Button>
          </div>
        ) : null}
        <ol
          ref={list}
          tabIndex={-1}
          aria-label="Messages"
          className="flex flex-col gap-3 outline-none"
        >
          {messages.map((message) => (
            <li key={message.id} className="flex">
              <MessageItem message={message} mine={message.sender?.userId === viewerId} now={now} />
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    // Focusable, so the history scrolls with the keyboard even when it holds no control.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
      tabIndex={0}
      aria-label={label}
      className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-inset"
    >
      <div className="flex flex-col gap-3 px-3 py-4 sm:px-4">
        {content}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
    </section>
  );
}
