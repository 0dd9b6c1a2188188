// The Badges tab (docs/safety.md "Badges"): requests for the yellow badge and the veteran medal,
// by status (waiting for a decision, waiting for the person's answer, decided), newest change
// first, page by page.
import { useState } from "react";
import type { BadgeStatus } from "../../../domain/contracts/badges";
import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { SelectField } from "../../components/form/select-field";
import { useBadgeQueueQuery } from "../../state/queries/badges";
import { BadgeRequestCard } from "./badge-request-card";

const muted = "text-neutral-600 dark:text-neutral-400";

const STATUS_LABELS: Record<BadgeStatus, string> = {
  open: "Waiting for a decision",
  more_info: "Waiting for the person's answer",
  approved: "Approved",
  denied: "Denied",
  revoked: "Revoked",
};
const byLabel = new Map(Object.entries(STATUS_LABELS).map(([status, label]) => [label, status]));

export function BadgeQueue({ admin }: { admin: boolean }) {
  const [status, setStatus] = useState<BadgeStatus>("open");
  const query = useBadgeQueueQuery(status);
  const requests = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-4">
      <SelectField
        label="Show"
        value={STATUS_LABELS[status]}
        options={Object.values(STATUS_LABELS)}
        placeholder="Waiting for a decision"
        onValueChange={(label) =>
          setStatus((byLabel.get(label) as BadgeStatus | undefined) ?? "open")
        }
        className="max-w-xs"
      />
      {query.isPending ? (
        <p role="status" className={`py-10 text-center ${muted}`}>
          Loading badge requests...
        </p>
      ) : query.isError ? (
        <LoadError
          message="Could not load the badge requests."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="py-10"
        />
      ) : requests.length === 0 ? (
        <p className={`py-10 text-center ${muted}`}>
          {status === "open" ? "No badge requests waiting. All caught up." : "None yet."}
        </p>
      ) : (
        <>
          <ul className="space-y-4">
            {requests.map((request) => (
              <li key={request.id}>
                <BadgeRequestCard request={request} admin={admin} />
              </li>
            ))}
          </ul>
          <LoadMore list={query} className="pt-4" />
        </>
      )}
    </div>
  );
}
