// The Appeals tab (docs/safety.md "Appeals"): open appeals newest first, or decided ones by their
// decision, page by page.
import { useState } from "react";
import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { SelectField } from "../../components/form/select-field";
import { type AppealQueueStatus, useAppealQueueQuery } from "../../state/queries/appeals";
import { AppealCard } from "./appeal-card";

const muted = "text-neutral-600 dark:text-neutral-400";

const STATUS_LABELS: Record<AppealQueueStatus, string> = {
  open: "Waiting for a decision",
  decided: "Decided",
};
const byLabel = new Map(Object.entries(STATUS_LABELS).map(([status, label]) => [label, status]));

export function AppealQueue() {
  const [status, setStatus] = useState<AppealQueueStatus>("open");
  const query = useAppealQueueQuery(status);
  const appeals = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-4">
      <SelectField
        label="Show"
        value={STATUS_LABELS[status]}
        options={Object.values(STATUS_LABELS)}
        placeholder="Waiting for a decision"
        onValueChange={(label) =>
          setStatus((byLabel.get(label) as AppealQueueStatus | undefined) ?? "open")
        }
        className="max-w-xs"
      />
      {query.isPending ? (
        <p role="status" className={`py-10 text-center ${muted}`}>
          Loading appeals...
        </p>
      ) : query.isError ? (
        <LoadError
          message="Could not load the appeals."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="py-10"
        />
      ) : appeals.length === 0 ? (
        <p className={`py-10 text-center ${muted}`}>
          {status === "open" ? "No appeals waiting. All caught up." : "No decided appeals yet."}
        </p>
      ) : (
        <>
          <ul className="space-y-4">
            {appeals.map((appeal) => (
              <li key={appeal.id}>
                <AppealCard appeal={appeal} />
              </li>
            ))}
          </ul>
          <LoadMore list={query} className="pt-4" />
        </>
      )}
    </div>
  );
}
