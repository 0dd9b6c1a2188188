// Mail's message requests (/mail?view=requests; docs/mail.md "Message requests"): new threads from
// accounts newer than 30 days that the reader's filter holds, newest first, each opening beside
// the list with Accept and Dismiss (request-banner.tsx). 'Back to Mail' leads to the list.
import { clsx } from "clsx";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { errorMessage } from "../../lib/api";
import { useNow } from "../../lib/use-now";
import { useMessageRequestsQuery } from "../../state/queries/message-requests";
import { ThreadItem } from "./thread-item";

const muted = "text-neutral-600 dark:text-neutral-400";
const REQUESTS_FAILED = "Failed to fetch message requests";

function Requests({ viewerId, selectedId }: { viewerId: string; selectedId: string | null }) {
  const query = useMessageRequestsQuery();
  const now = useNow();
  if (query.isPending) {
    return (
      <p role="status" className={clsx("px-4 py-12 text-center", muted)}>
        Loading requests...
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadError
        message={`Error: ${errorMessage(query.error, REQUESTS_FAILED)}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="px-4 py-12"
      />
    );
  }
  const threads = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (threads.length === 0) {
    return <p className={clsx("px-6 py-12 text-center", muted)}>No message requests waiting.</p>;
  }
  return (
    <>
      <ul
        aria-label="Message requests"
        className="divide-y divide-neutral-100 dark:divide-neutral-900"
      >
        {threads.map((thread) => (
          <li key={thread.id}>
            <ThreadItem
              thread={thread}
              viewerId={viewerId}
              selected={thread.id === selectedId}
              now={now}
              view="requests"
            />
          </li>
        ))}
      </ul>
      <LoadMore list={query} className="p-4" />
    </>
  );
}

export function RequestList({
  viewerId,
  selectedId,
  className,
}: {
  viewerId: string;
  selectedId: string | null;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="mail-heading"
      className={clsx(
        "flex min-h-0 flex-col border-neutral-200 dark:border-neutral-800",
        className,
      )}
    >
      <div className="border-b border-neutral-200 px-4 py-3 dark:border-neutral-800">
        <Link
          to="/mail"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700 hover:underline dark:text-sky-400"
        >
          <ArrowLeft aria-hidden="true" size={16} />
          Mail
        </Link>
        <h1 id="mail-heading" tabIndex={-1} className="text-2xl font-bold outline-none">
          Message requests
        </h1>
        <p className={clsx("mt-1 text-sm", muted)}>
          New conversations from accounts newer than 30 days. You were not notified of them.
        </p>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Requests viewerId={viewerId} selectedId={selectedId} />
      </div>
    </section>
  );
}
