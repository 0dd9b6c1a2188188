// The moderators' audit log (docs/safety.md "Moderate"): who did what to which target, why, and
// when, newest first, page by page.
import type { z } from "zod";
import type { auditEntry } from "../../../domain/contracts/safety";
import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { PersonLine } from "../../components/person/person-line";
import { TimeStamp } from "../../components/text/time-stamp";
import { calendarDate } from "../../lib/calendar-date";
import { useAuditLogQuery } from "../../state/queries/admin";

type AuditEntry = z.infer<typeof auditEntry>;

const ACTION_LABELS: Record<string, string> = {
  dismiss: "Dismissed the reports on",
  remove: "Removed",
  restrict: "Restricted",
  suspend: "Suspended",
  restore: "Restored",
  approve_appeal: "Approved an appeal about",
  reject_appeal: "Rejected an appeal about",
  hide_tag: "Kept out of trending:",
  show_tag: "Let back into trending:",
  write_statement: "Wrote the transparency statement for",
  remove_statement: "Removed the transparency statement for",
};

const muted = "text-neutral-600 dark:text-neutral-400";

/** 'Removed a post by @x', 'Restricted @x until March 21, 2026', 'Suspended @x', 'Kept out of
 * trending: #tag', 'Wrote the transparency statement for 2025'. */
function what(entry: AuditEntry): string {
  const verb = ACTION_LABELS[entry.action] ?? entry.action;
  // A tag has no person (docs/search.md "Trending tags").
  if (entry.targetType === "tag") return `${verb} #${entry.targetId}`;
  // A transparency statement's year (docs/safety.md "Transparency report").
  if (entry.targetType === "year") return `${verb} ${entry.targetId}`;
  const handle = entry.targetUser ? `@${entry.targetUser.handle}` : "someone";
  const until = entry.until ? ` until ${calendarDate(entry.until)}` : "";
  // Restrict and suspend act on the person whatever was reported; so does any action on a profile.
  const onPerson =
    entry.action === "restrict" || entry.action === "suspend" || entry.targetType === "profile";
  const target = onPerson ? handle : `a ${entry.targetType} by ${handle}`;
  return `${verb} ${target}${until}`;
}

export function AuditLog() {
  const query = useAuditLogQuery();
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) {
    return (
      <p role="status" className={`py-10 text-center ${muted}`}>
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        message="Could not load the audit log."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="py-10"
      />
    );
  }
  if (entries.length === 0) {
    return <p className={`py-10 text-center ${muted}`}>Nothing has been done yet.</p>;
  }
  return (
    <>
      <ol
        aria-label="Audit log"
        className="divide-y divide-neutral-200 rounded-3xl border border-neutral-200 bg-white px-4 dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="space-y-1.5 py-3">
            <PersonLine
              person={entry.moderator}
              small
              detail={<TimeStamp at={entry.createdAt} />}
            />
            <p className="font-semibold">{what(entry)}</p>
            <p className={`text-sm break-words whitespace-pre-wrap ${muted}`}>{entry.reason}</p>
          </li>
        ))}
      </ol>
      <LoadMore list={query} className="pt-4" />
    </>
  );
}
