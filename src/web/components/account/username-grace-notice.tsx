// The warning for a lapsed username (docs/usernames.md "The life of a name"): after the
// subscription ends the name stays its owner's for a grace period, and the owner is asked to
// renew, on their profile page (a link to the edit page) and in the edit page's username section
// (a button that opens the Reserve Username dialog).
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { OwnedUsername } from "../../../domain/contracts/usernames";
import { calendarDate } from "../../lib/calendar-date";
import { Button, buttonClass } from "../controls/button";

function graceText(owned: OwnedUsername): string {
  const lapsed = `Your username @${owned.name} lapsed.`;
  return owned.graceEndsAt
    ? `${lapsed} It stays yours until ${calendarDate(owned.graceEndsAt)}.`
    : lapsed;
}

type RenewAction = { renewTo: string; onRenew?: never } | { onRenew: () => void; renewTo?: never };

export function UsernameGraceNotice({ owned, ...action }: { owned: OwnedUsername } & RenewAction) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
      <p className="flex items-start gap-2 text-sm font-medium">
        <TriangleAlert aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
        <span className="min-w-0 break-words">{graceText(owned)}</span>
      </p>
      {action.renewTo !== undefined ? (
        <Link to={action.renewTo} className={buttonClass({}, "shrink-0")}>
          Renew
        </Link>
      ) : (
        <Button className="shrink-0" onClick={action.onRenew}>
          Renew
        </Button>
      )}
    </div>
  );
}
