// One signed-in browser in "Where you're signed in" (docs/accounts.md): browser and system, when it
// signed in and was last active, 'This device' on the viewer's own, and Sign out on every other.
// On a phone the button wraps under the words rather than squeezing them.
import { Monitor, Smartphone } from "lucide-react";
import { useId } from "react";
import type { SessionView } from "../../../domain/contracts/account";
import { Button } from "../../components/controls/button";
import { calendarDate } from "../../lib/calendar-date";
import { lastActiveLabel, sessionName } from "./session-labels";

const PHONE_SYSTEM = /^(iOS|iPadOS|Android)\b/;

interface SessionRowProps {
  session: SessionView;
  now: Date;
  busy: boolean;
  onSignOut: () => void;
}

export function SessionRow({ session, now, busy, onSignOut }: SessionRowProps) {
  const name = sessionName(session);
  const detailId = useId();
  const Icon = PHONE_SYSTEM.test(session.system) ? Smartphone : Monitor;
  return (
    <li className="flex gap-3 py-3">
      <Icon aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-neutral-500" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold break-words">{name}</span>
            {session.current ? (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800 dark:bg-sky-950 dark:text-sky-200">
                This device
              </span>
            ) : null}
          </p>
          <p id={detailId} className="text-sm text-neutral-600 dark:text-neutral-400">
            <span className="block">Signed in {calendarDate(session.createdAt)}</span>
            <span className="block">Last active {lastActiveLabel(session.lastSeenAt, now)}</span>
          </p>
        </div>
        {session.current ? null : (
          <Button
            variant="secondary"
            className="shrink-0"
            aria-label={`Sign out ${name}`}
            aria-describedby={detailId}
            busy={busy}
            onClick={onSignOut}
          >
            Sign out
          </Button>
        )}
      </div>
    </li>
  );
}
