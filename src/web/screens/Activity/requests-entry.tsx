// 'Requests' at the top of Activity (docs/notifications.md "Requests"): while the filter of new
// accounts holds something, a link to the list of it, saying how many people wait. Nothing
// otherwise: the held items are not in the Activity list or its count.
import { ChevronRight, Inbox } from "lucide-react";
import { Link } from "react-router";
import { useRequestsQuery } from "../../state/queries/requests";
import { peopleWaiting } from "./request-words";

export function RequestsEntry() {
  const { data: senders } = useRequestsQuery();
  if (!senders || senders.length === 0) return null;
  return (
    <Link
      to="/activity?view=requests"
      className="mb-6 flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white px-4 py-3 transition-colors hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:bg-neutral-800"
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300"
      >
        <Inbox size={18} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2 font-semibold">
          Requests
          <span
            aria-hidden="true"
            className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-bold dark:bg-neutral-700"
          >
            {senders.length}
          </span>
        </span>
        <span className="text-sm text-neutral-600 dark:text-neutral-400">
          {peopleWaiting(senders.length)}: comments and mentions from accounts newer than 30 days.
        </span>
      </span>
      <ChevronRight aria-hidden="true" size={18} className="shrink-0 text-neutral-500" />
    </Link>
  );
}
