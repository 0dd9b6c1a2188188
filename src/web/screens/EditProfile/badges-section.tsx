// The Edit Profile page's Badges section (docs/safety.md "Badges"): how each mark is earned, and
// for the yellow badge and the veteran medal the way to ask for it or the state of the request:
// under review (with the organisation address to confirm), a moderator's question to answer, a
// denial with its reason and the day the person may ask again. The veteran medal needs a military
// branch in Details first.
import { BadgeCheck, Medal } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  BADGE_NAMES,
  type BadgeKind,
  type OwnBadgeRequest,
} from "../../../domain/contracts/badges";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { Button } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { calendarDate } from "../../lib/calendar-date";
import { useOwnBadgeRequestsQuery } from "../../state/queries/badges";
import { BadgeAnswerDialog } from "./badge-answer-dialog";
import { OrgEmailCodeDialog } from "./org-email-code-dialog";
import { VeteranRequestDialog } from "./veteran-request-dialog";
import { YellowRequestDialog } from "./yellow-request-dialog";

const muted = "text-sm text-neutral-600 dark:text-neutral-400";

export function BadgesSection({ profile, className }: { profile: ProfileView; className: string }) {
  const requests = useOwnBadgeRequestsQuery();
  return (
    <section aria-labelledby="edit-badges" className={className}>
      <h2 id="edit-badges" className="text-lg font-bold">
        Badges
      </h2>
      <p className={`mt-1 ${muted}`}>
        The black badge comes from AI Face Verification above. Organisations and public figures can
        ask for the yellow badge, veterans for the medal; a moderator reviews each request.
      </p>
      {requests.isPending ? (
        <p role="status" className={`mt-4 ${muted}`}>
          Loading your requests...
        </p>
      ) : requests.isError ? (
        <LoadError
          message="Could not load your badge requests."
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
          className="mt-4"
        />
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 dark:divide-neutral-800">
          <li className="py-3 first:pt-0 last:pb-0">
            <YellowRow has={profile.verificationType === "yellow"} request={requests.data.yellow} />
          </li>
          <li className="py-3 first:pt-0 last:pb-0">
            <VeteranRow
              has={profile.veteran}
              branch={profile.attributes.military_branch}
              request={requests.data.veteran}
            />
          </li>
        </ul>
      )}
    </section>
  );
}

function Row({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1 space-y-2">
        <h3 className="font-semibold">{title}</h3>
        {children}
      </div>
    </div>
  );
}

const yellowIcon = (
  <BadgeCheck aria-hidden="true" size={22} className="fill-amber-400 text-amber-900" />
);
const medalIcon = (
  <Medal aria-hidden="true" size={22} className="text-amber-600 dark:text-amber-400" />
);

/** May the person send a new request of this kind now? */
const mayAsk = (request: OwnBadgeRequest | null, now = Date.now()) =>
  !request ||
  request.status === "approved" ||
  request.status === "revoked" ||
  (request.status === "denied" &&
    request.askAgainAt !== null &&
    Date.parse(request.askAgainAt) <= now);

function YellowRow({ has, request }: { has: boolean; request: OwnBadgeRequest | null }) {
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Row icon={yellowIcon} title="Yellow badge">
      {has ? (
        <p className={muted}>Your profile shows the yellow badge.</p>
      ) : (
        <>
          <RequestState kind="yellow" request={request} />
          {request?.status === "open" && request.orgEmail && !request.orgEmailConfirmed ? (
            <>
              <p className={muted}>
                Confirm {request.orgEmail} with the code we mailed there, so moderators see it as
                proof.
              </p>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Enter the code
              </Button>
              <OrgEmailCodeDialog
                email={request.orgEmail}
                open={confirming}
                onOpenChange={setConfirming}
              />
            </>
          ) : null}
          {mayAsk(request) ? (
            <>
              <Button variant="secondary" onClick={() => setAsking(true)}>
                Request the yellow badge
              </Button>
              <YellowRequestDialog open={asking} onOpenChange={setAsking} />
            </>
          ) : null}
        </>
      )}
    </Row>
  );
}

function VeteranRow({
  has,
  branch,
  request,
}: {
  has: boolean;
  branch: string | null;
  request: OwnBadgeRequest | null;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <Row icon={medalIcon} title="Veteran medal">
      {has ? (
        <p className={muted}>Your profile shows the veteran medal.</p>
      ) : !branch ? (
        <p className={muted}>
          Choose your military branch in Details and save to request the veteran medal.
        </p>
      ) : (
        <>
          <RequestState kind="veteran" request={request} />
          {mayAsk(request) ? (
            <>
              <Button variant="secondary" onClick={() => setAsking(true)}>
                Request the veteran medal
              </Button>
              <VeteranRequestDialog open={asking} onOpenChange={setAsking} />
            </>
          ) : null}
        </>
      )}
    </Row>
  );
}

/** The latest request's state in words, with the answer box for a moderator's question. */
function RequestState({ kind, request }: { kind: BadgeKind; request: OwnBadgeRequest | null }) {
  const [answering, setAnswering] = useState(false);
  if (!request) return null;
  switch (request.status) {
    case "open":
      return (
        <p className="text-sm font-medium" role="status">
          Under review. We'll tell you by e-mail when a moderator decides.
        </p>
      );
    case "more_info":
      return (
        <div className="space-y-2 rounded-xl bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950/60 dark:text-sky-100">
          <p>
            <span className="font-semibold">A moderator asked:</span> {request.question}
          </p>
          <Button variant="secondary" onClick={() => setAnswering(true)}>
            Answer
          </Button>
          <BadgeAnswerDialog request={request} open={answering} onOpenChange={setAnswering} />
        </div>
      );
    case "denied":
      return (
        <p className="text-sm">
          <span className="font-semibold">Denied:</span> {request.reason}
          {request.askAgainAt && Date.parse(request.askAgainAt) > Date.now()
            ? ` — you can ask again on ${calendarDate(request.askAgainAt)}.`
            : null}
        </p>
      );
    case "revoked":
      return (
        <p className="text-sm">
          <span className="font-semibold">Your {BADGE_NAMES[kind]} was removed:</span>{" "}
          {request.reason}
        </p>
      );
    default:
      return null;
  }
}
