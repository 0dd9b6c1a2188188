// The thread list pane (spec-1 §2, §4): the 'Mail' heading with 'New message', then loading,
// 'Error: {message}' with Retry, empty, or the threads newest first with 'Load more' (the e-mail
// notice switch is in Settings, 'E-mails from us'). Conversations opened here without a message yet come
// first, as drafts (mail-drafts.ts). Above them, while message requests wait, a link to them
// (requests-link.tsx).

import { clsx } from "clsx";
import { SquarePen } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "../../components/controls/button";
import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { errorMessage } from "../../lib/api";
import { useNow } from "../../lib/use-now";
import { THREADS_FAILED, useThreadsQuery } from "../../state/queries/mail";
import { useDraftThreads } from "../../state/queries/mail-drafts";
import { loadedThreads } from "../../state/queries/mail-pages";
import { RequestsLink } from "./requests-link";
import { ThreadItem } from "./thread-item";

const muted = "text-neutral-600 dark:text-neutral-400";

function Threads({ viewerId, selectedId }: { viewerId: string; selectedId: string | null }) {
  const query = useThreadsQuery();
  const now = useNow();
  const listed = loadedThreads(query.data);
  const drafts = useDraftThreads(listed);
  if (query.isPending) {
    return (
      <p role="status" className={clsx("px-4 py-12 text-center", muted)}>
        Loading conversations...
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadError
        message={`Error: ${errorMessage(query.error, THREADS_FAILED)}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="px-4 py-12"
      />
    );
  }
  const threads = [...drafts, ...listed];
  if (threads.length === 0) {
    return (
      <div className="px-6 py-12 text-center">
        <p className="font-semibold">No conversations yet</p>
        <p className={clsx("mt-1 text-sm", muted)}>
          Write to anyone with New message, or press Message on someone’s profile.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul
        aria-label="Conversations"
        className="divide-y divide-neutral-100 dark:divide-neutral-900"
      >
        {threads.map((thread) => (
          <li key={thread.id}>
            <ThreadItem
              thread={thread}
              viewerId={viewerId}
              selected={thread.id === selectedId}
              now={now}
            />
          </li>
        ))}
      </ul>
      <LoadMore list={query} className="p-4" />
    </>
  );
}

interface ThreadListProps {
  viewerId: string;
  selectedId: string | null;
  className?: string;
}

export function ThreadList({ viewerId, selectedId, className }: ThreadListProps) {
  return (
    <section
      aria-labelledby="mail-heading"
      className={clsx(
        "flex min-h-0 flex-col border-neutral-200 dark:border-neutral-800",
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-neutral-200 px-4 py-3 dark:border-neutral-800">
        <h1 id="mail-heading" tabIndex={-1} className="text-2xl font-bold outline-none">
          Mail
        </h1>
        <Link to="/mail?compose=" className={buttonClass()}>
          <SquarePen aria-hidden="true" size={18} />
          New message
        </Link>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <RequestsLink />
        <Threads viewerId={viewerId} selectedId={selectedId} />
      </div>
    </section>
  );
}
