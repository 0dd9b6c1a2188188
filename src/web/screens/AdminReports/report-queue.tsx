// The open or closed report groups, newest report first, page by page.

import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { type QueueStatus, useReportQueueQuery } from "../../state/queries/admin";
import { ReportGroupCard } from "./report-group";

const muted = "text-neutral-600 dark:text-neutral-400";

export function ReportQueue({ status }: { status: QueueStatus }) {
  const query = useReportQueueQuery(status);
  const groups = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) {
    return (
      <p role="status" className={`py-10 text-center ${muted}`}>
        Loading reports...
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        message="Could not load the reports."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-10"
      />
    );
  }
  if (groups.length === 0) {
    return (
      <p className={`py-10 text-center ${muted}`}>
        {status === "open" ? "No open reports. All caught up." : "No closed reports yet."}
      </p>
    );
  }
  return (
    <>
      <ul className="space-y-4">
        {groups.map((group) => (
          <li key={`${group.targetType}:${group.targetId}`}>
            <ReportGroupCard group={group} status={status} />
          </li>
        ))}
      </ul>
      <LoadMore list={query} className="pt-4" />
    </>
  );
}
