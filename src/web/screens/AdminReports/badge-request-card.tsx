// One badge request for moderators (docs/safety.md "Badges"): the person, what they sent (the
// yellow badge's category, name, links and organisation address, confirmed or not; the veteran's
// document shown inline), the question and answer so far, and the decisions that fit its state.
import { ExternalLink } from "lucide-react";
import { useState } from "react";
import {
  BADGE_NAMES,
  type BadgeDecision,
  type QueuedBadgeRequest,
  YELLOW_CATEGORY_LABELS,
} from "../../../domain/contracts/badges";
import { Button } from "../../components/controls/button";
import { PersonLine } from "../../components/person/person-line";
import { TimeStamp } from "../../components/text/time-stamp";
import { BadgeDecisionDialog } from "./badge-decision-dialog";

const mark = "rounded-full px-2 py-0.5 text-xs font-semibold";
const muted = "text-neutral-600 dark:text-neutral-400";
const link = "font-semibold text-sky-700 hover:underline dark:text-sky-400";

function Proof({ request }: { request: QueuedBadgeRequest }) {
  if (request.proofDeleted) return <p className={`text-sm ${muted}`}>The document was deleted.</p>;
  if (!request.proofUrl) return null;
  const open = (
    <a
      href={request.proofUrl}
      target="_blank"
      rel="noreferrer"
      className={`inline-flex items-center gap-1 text-sm ${link}`}
    >
      Open the document
      <ExternalLink aria-hidden="true" size={14} />
    </a>
  );
  if (request.proofType === "application/pdf") {
    return (
      <div className="space-y-2">
        <iframe
          src={request.proofUrl}
          title={`Document of @${request.person.handle}`}
          className="h-96 w-full rounded-xl border border-neutral-200 bg-white dark:border-neutral-800"
        />
        {open}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <img
        src={request.proofUrl}
        alt={`Document of @${request.person.handle}`}
        className="max-h-96 w-full rounded-xl border border-neutral-200 bg-neutral-50 object-contain dark:border-neutral-800 dark:bg-neutral-950"
      />
      {open}
    </div>
  );
}

function Sent({ request }: { request: QueuedBadgeRequest }) {
  if (request.kind === "veteran") return <Proof request={request} />;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className={muted}>Category</dt>
      <dd>{request.category ? YELLOW_CATEGORY_LABELS[request.category] : "—"}</dd>
      <dt className={muted}>Official name</dt>
      <dd className="break-words">{request.officialName}</dd>
      <dt className={muted}>Links</dt>
      <dd className="min-w-0">
        <ul>
          {request.links.map((url) => (
            <li key={url} className="truncate">
              <a href={url} target="_blank" rel="noreferrer noopener" className={link}>
                {url}
              </a>
            </li>
          ))}
        </ul>
      </dd>
      <dt className={muted}>E-mail</dt>
      <dd className="break-words">
        {request.orgEmail ? (
          <>
            {request.orgEmail}{" "}
            <span
              className={`${mark} ${
                request.orgEmailConfirmed
                  ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
                  : "bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200"
              }`}
            >
              {request.orgEmailConfirmed ? "Confirmed" : "Not confirmed"}
            </span>
          </>
        ) : (
          "None given"
        )}
      </dd>
    </dl>
  );
}

type Choice = BadgeDecision["decision"];

function choicesFor(
  request: QueuedBadgeRequest,
  admin: boolean,
): { decision: Choice; label: string }[] {
  if (request.status === "open" || request.status === "more_info") {
    return [
      { decision: "approve", label: "Approve" },
      { decision: "ask", label: "Ask for more" },
      { decision: "deny", label: "Deny" },
    ];
  }
  return request.status === "approved" && admin ? [{ decision: "revoke", label: "Revoke" }] : [];
}

export function BadgeRequestCard({
  request,
  admin,
}: {
  request: QueuedBadgeRequest;
  admin: boolean;
}) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const name = BADGE_NAMES[request.kind];
  return (
    <article
      aria-label={`${name} request of @${request.person.handle}`}
      className="space-y-4 rounded-3xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span
          className={`${mark} ${
            request.kind === "yellow"
              ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
              : "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100"
          }`}
        >
          {request.kind === "yellow" ? "Yellow badge" : "Veteran medal"}
        </span>
        <span className={`text-sm ${muted}`}>
          Asked <TimeStamp at={request.createdAt} ago />
        </span>
      </header>
      <PersonLine person={request.person} />
      <Sent request={request} />
      {request.question ? (
        <div className="space-y-1 rounded-2xl bg-neutral-50 p-3 text-sm dark:bg-neutral-950/60">
          <p>
            <span className="font-semibold">Asked:</span> {request.question}
          </p>
          <p>
            <span className="font-semibold">Answer:</span>{" "}
            {request.answer ?? <span className={muted}>not yet</span>}
          </p>
        </div>
      ) : null}
      {request.reason ? (
        <p className="text-sm">
          <span className="font-semibold">
            {request.status === "revoked" ? "Revoked" : "Reason"}:
          </span>{" "}
          {request.reason}
          {request.decidedBy ? <span className={muted}> — @{request.decidedBy.handle}</span> : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 empty:hidden">
        {choicesFor(request, admin).map((entry) => (
          <Button
            key={entry.decision}
            variant={
              entry.decision === "approve"
                ? "primary"
                : entry.decision === "revoke"
                  ? "danger"
                  : "secondary"
            }
            onClick={() => setChoice(entry.decision)}
          >
            {entry.label}
          </Button>
        ))}
      </div>
      <BadgeDecisionDialog choice={choice} request={request} onClose={() => setChoice(null)} />
    </article>
  );
}
