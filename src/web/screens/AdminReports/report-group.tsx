// One reported target in the queue (docs/safety.md "Moderate"): what it is, whose it is (with
// their standing), the content in context, how many reports for which reasons, the reports
// themselves, and the actions that fit it.
import { useState } from "react";
import type { ModerationAction, ReportGroup } from "../../../domain/contracts/safety";
import { REPORT_REASON_LABELS } from "../../../domain/report-reasons";
import { Button } from "../../components/controls/button";
import { PersonLine } from "../../components/person/person-line";
import { countLabel } from "../../components/post/post-parts";
import { TimeStamp } from "../../components/text/time-stamp";
import { calendarDate } from "../../lib/calendar-date";
import type { QueueStatus } from "../../state/queries/admin";
import { ModerationDialog } from "./moderation-dialog";
import { ReportedContent } from "./reported-content";

const TARGET_LABELS = {
  profile: "Profile",
  post: "Post",
  comment: "Comment",
  message: "Message",
} as const;

const mark = "rounded-full px-2 py-0.5 text-xs font-semibold";
const muted = "text-neutral-600 dark:text-neutral-400";

/** The actions that fit the target as it is now. */
function actionsFor(
  group: ReportGroup,
  status: QueueStatus,
): { action: ModerationAction; label: string }[] {
  const { suspended, restrictedUntil } = group.targetUserStanding;
  const removed = group.content?.removed ?? false;
  return [
    status === "open" ? { action: "dismiss" as const, label: "Dismiss" } : null,
    group.targetType !== "profile" && !removed
      ? { action: "remove" as const, label: "Remove content" }
      : null,
    suspended ? null : { action: "restrict" as const, label: "Restrict" },
    suspended ? null : { action: "suspend" as const, label: "Suspend" },
    // Restore on a profile ends a restriction or suspension; on content, it undoes a removal.
    (group.targetType === "profile" ? suspended || restrictedUntil : removed)
      ? { action: "restore" as const, label: "Restore" }
      : null,
  ].filter((entry) => entry !== null);
}

function StandingMarks({ group }: { group: ReportGroup }) {
  const { suspended, restrictedUntil } = group.targetUserStanding;
  if (!suspended && !restrictedUntil) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1.5">
      {suspended ? (
        <span className={`${mark} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`}>
          Suspended
        </span>
      ) : null}
      {restrictedUntil ? (
        <span
          className={`${mark} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100`}
        >
          Restricted until {calendarDate(restrictedUntil)}
        </span>
      ) : null}
    </span>
  );
}

export function ReportGroupCard({ group, status }: { group: ReportGroup; status: QueueStatus }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const type = TARGET_LABELS[group.targetType];
  const person = group.targetUser;
  return (
    <article
      aria-label={`${type} of @${person.handle}, ${countLabel(group.reportCount, "report")}`}
      className="space-y-4 rounded-3xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span className={`${mark} bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100`}>
          {type}
        </span>
        <span className={`text-sm ${muted}`}>
          {countLabel(group.reportCount, "report")} · latest <TimeStamp at={group.latestAt} />
        </span>
      </header>
      <PersonLine person={person} detail={<StandingMarks group={group} />} />
      <ReportedContent targetType={group.targetType} content={group.content} />
      <ul aria-label="Reasons" className="flex flex-wrap gap-1.5">
        {group.reasons.map(({ reason, count }) => (
          <li
            key={reason}
            className={`${mark} bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200`}
          >
            {REPORT_REASON_LABELS[reason]} × {count}
          </li>
        ))}
      </ul>
      <section aria-label="Reports">
        <h3 className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>
          {group.reports.length === group.reportCount
            ? "Reports"
            : `The newest ${group.reports.length} reports`}
        </h3>
        <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {group.reports.map((report) => (
            <li key={report.id} className="space-y-1 py-2">
              <PersonLine
                person={report.reporter}
                small
                detail={<TimeStamp at={report.createdAt} />}
              />
              <p className="text-sm font-semibold">{REPORT_REASON_LABELS[report.reason]}</p>
              {report.details ? (
                <p className="text-sm break-words whitespace-pre-wrap">{report.details}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap gap-2">
        {actionsFor(group, status).map((entry) => (
          <Button
            key={entry.action}
            // Suspending is the one that ends someone's access at once.
            variant={entry.action === "suspend" ? "danger" : "secondary"}
            onClick={() => setAction(entry.action)}
          >
            {entry.label}
          </Button>
        ))}
      </div>
      <ModerationDialog
        action={action}
        subject={{
          targetType: group.targetType,
          targetId: group.targetId,
          handle: person.handle,
          openReports: status === "open",
        }}
        onClose={() => setAction(null)}
      />
    </article>
  );
}
