// One appeal for moderators (docs/safety.md "Appeals"): who appeals, the action's whole record
// (what, the rule, the note the person was given, by whom and when, the content as the queue shows
// it), the appeal's words, the decision once made, and Approve and Reject while it is open, except
// for the moderator who took the action.
import { useState } from "react";
import type { AppealDecision, QueuedAppeal } from "../../../domain/contracts/appeals";
import { REPORT_REASON_LABELS } from "../../../domain/report-reasons";
import { Button } from "../../components/controls/button";
import { PersonLine } from "../../components/person/person-line";
import { TimeStamp } from "../../components/text/time-stamp";
import { calendarDate } from "../../lib/calendar-date";
import { useSessionUser } from "../../state/queries/session";
import { AppealDecisionDialog } from "./appeal-decision-dialog";
import { ReportedContent } from "./reported-content";

const mark = "rounded-full px-2 py-0.5 text-xs font-semibold";
const muted = "text-neutral-600 dark:text-neutral-400";

/** 'Removed a post', 'Restricted the account until March 21, 2027', 'Suspended the account'. */
function actionWords(action: QueuedAppeal["action"]): string {
  switch (action.action) {
    case "remove":
      return `Removed a ${action.targetType}`;
    case "restrict":
      return `Restricted the account${action.until ? ` until ${calendarDate(action.until)}` : ""}`;
    case "suspend":
      return "Suspended the account";
    case "restore":
      return "Restored";
  }
}

const STATUS_MARK = {
  open: ["Open", "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100"],
  approved: [
    "Approved",
    "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  ],
  rejected: [
    "Rejected",
    "bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200",
  ],
} as const;

function Decision({ appeal }: { appeal: QueuedAppeal }) {
  const { decision } = appeal;
  if (!decision) return null;
  const by = decision.by ? `@${decision.by.handle}` : "a former moderator";
  return (
    <p className="text-sm break-words">
      <span className="font-semibold">
        {appeal.status === "approved" ? "Approved" : "Rejected"} by {by} on{" "}
        {calendarDate(decision.at)}
      </span>
      {decision.reason ? `: ${decision.reason}` : null}
    </p>
  );
}

export function AppealCard({ appeal }: { appeal: QueuedAppeal }) {
  const [choice, setChoice] = useState<AppealDecision["decision"] | null>(null);
  const viewerId = useSessionUser().user?.id;
  const { action } = appeal;
  const [statusLabel, statusClass] = STATUS_MARK[appeal.status];
  const ownAction = action.moderator?.userId === viewerId;
  return (
    <article
      aria-label={`Appeal by @${appeal.person.handle}`}
      className="space-y-4 rounded-3xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span className={`${mark} ${statusClass}`}>{statusLabel}</span>
        <span className={`text-sm ${muted}`}>
          Appealed <TimeStamp at={appeal.createdAt} ago />
        </span>
      </header>
      <PersonLine person={appeal.person} />
      <section aria-label="The action" className="space-y-2">
        <h3 className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>The action</h3>
        <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className={muted}>What</dt>
          <dd>
            {actionWords(action)}
            {action.reversedAt ? " (reversed)" : ""}
          </dd>
          <dt className={muted}>Rule</dt>
          <dd>{action.rule ? REPORT_REASON_LABELS[action.rule] : "None named"}</dd>
          <dt className={muted}>Note to the person</dt>
          <dd className="break-words whitespace-pre-wrap">{action.reason}</dd>
          <dt className={muted}>By</dt>
          <dd>
            {action.moderator ? `@${action.moderator.handle}` : "a former moderator"} on{" "}
            {calendarDate(action.createdAt)}
          </dd>
        </dl>
        <ReportedContent targetType={action.targetType} content={appeal.content} />
      </section>
      <section aria-label="Their appeal" className="space-y-1">
        <h3 className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>Their appeal</h3>
        <p className="break-words whitespace-pre-wrap">{appeal.text}</p>
      </section>
      <Decision appeal={appeal} />
      {appeal.status === "open" ? (
        ownAction ? (
          <p className={`text-sm ${muted}`}>
            You took this action, so another moderator decides its appeal.
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setChoice("approve")}>
              Approve
            </Button>
            <Button variant="secondary" onClick={() => setChoice("reject")}>
              Reject
            </Button>
          </div>
        )
      ) : null}
      <AppealDecisionDialog choice={choice} appeal={appeal} onClose={() => setChoice(null)} />
    </article>
  );
}
