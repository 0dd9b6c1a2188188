// One action on the person in Account standing (docs/safety.md "Account standing"): what happened
// and when, to which of their things, the rule, the moderator's note (never who), whether it
// still counts, its appeal and the decision's reason, and Appeal while it may be appealed. Once
// an appeal is taken the button goes, and the focus moves to the action's heading.
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { StandingActionView } from "../../../domain/contracts/appeals";
import type { StandingState } from "../../../domain/moderation-standing";
import { REPORT_REASON_LABELS } from "../../../domain/report-reasons";
import { Button } from "../../components/controls/button";
import { calendarDate } from "../../lib/calendar-date";
import type { AppealSender } from "../../state/queries/standing";
import { AppealDialog } from "./appeal-dialog";
import { muted } from "./settings-section";
import { actionTitle, appealedWhat, restrictionEnd, STATE_LABELS } from "./standing-words";

const pill = "rounded-full px-2 py-0.5 text-xs font-semibold";
const STATE_CLASS: Record<StandingState, string> = {
  active: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  expired: "bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200",
  reversed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  lifted: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
};

function Content({ item }: { item: StandingActionView }) {
  if (!item.content) return <p className="text-sm">Your account</p>;
  const { excerpt, href } = item.content;
  if (!excerpt) return <p className={`text-sm ${muted}`}>No longer available</p>;
  return (
    <p className="text-sm break-words">
      “{excerpt}”
      {href ? (
        <>
          {" "}
          <Link to={href} className="font-semibold text-sky-700 hover:underline dark:text-sky-400">
            See the post
          </Link>
        </>
      ) : null}
    </p>
  );
}

function Appeal({ appeal }: { appeal: NonNullable<StandingActionView["appeal"]> }) {
  const decided = appeal.decidedAt ? calendarDate(appeal.decidedAt) : null;
  const heading =
    appeal.status === "open"
      ? `You appealed on ${calendarDate(appeal.createdAt)}. A moderator will review it.`
      : appeal.status === "approved"
        ? `Your appeal was approved on ${decided}.`
        : `Your appeal was rejected on ${decided}.`;
  return (
    <div className="space-y-1 rounded-2xl bg-neutral-50 p-3 text-sm dark:bg-neutral-950/60">
      <p className="font-semibold">{heading}</p>
      {appeal.decisionReason ? (
        <p className="break-words">
          {appeal.status === "rejected" ? "Reason" : "Note"}: {appeal.decisionReason}
        </p>
      ) : null}
      <p className={`break-words whitespace-pre-wrap ${muted}`}>You wrote: {appeal.text}</p>
    </div>
  );
}

export function StandingActionItem({
  item,
  now,
  send,
}: {
  item: StandingActionView;
  now: Date;
  send: AppealSender;
}) {
  const [appealing, setAppealing] = useState(false);
  const [draft, setDraft] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const sent = useRef(false);
  const end = restrictionEnd(item, now);

  useEffect(() => {
    if (item.appealable || !sent.current) return;
    sent.current = false;
    heading.current?.focus();
  }, [item.appealable]);

  const title = actionTitle(item);
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
            {title}
          </h3>
          <p className={`text-sm ${muted}`}>
            {calendarDate(item.createdAt)}
            {end ? ` · ${end}` : ""}
          </p>
        </div>
        {item.state ? (
          <span className={clsx(pill, STATE_CLASS[item.state])}>{STATE_LABELS[item.state]}</span>
        ) : null}
      </div>
      <Content item={item} />
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {item.action !== "restore" ? (
          <>
            <dt className={muted}>Rule</dt>
            <dd>{item.rule ? REPORT_REASON_LABELS[item.rule] : "None was named"}</dd>
          </>
        ) : null}
        <dt className={muted}>Moderator's note</dt>
        <dd className="break-words whitespace-pre-wrap">{item.reason}</dd>
      </dl>
      {item.appeal ? <Appeal appeal={item.appeal} /> : null}
      {item.appealable ? (
        <>
          <Button variant="secondary" onClick={() => setAppealing(true)}>
            Appeal <span className="sr-only">{appealedWhat(item)}</span>
          </Button>
          <AppealDialog
            actionId={item.id}
            send={send}
            what={appealedWhat(item)}
            open={appealing}
            onOpenChange={setAppealing}
            text={draft}
            onTextChange={setDraft}
            onSent={() => {
              sent.current = true;
            }}
          />
        </>
      ) : null}
    </li>
  );
}
