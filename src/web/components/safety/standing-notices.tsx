// The signed-in person's standing (docs/safety.md "Moderate"): notices from the moderators, shown
// one after another in a card at the top of the page's content whose OK marks each seen, and while
// the account is restricted a slim banner on every page. The card blocks nothing and takes no
// focus: the page under it stays usable, and the notice waits there until acknowledged.
import { ShieldAlert } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { calendarDate } from "../../lib/calendar-date";
import { MAIN_ID } from "../../lib/landmarks";
import { toast } from "../../lib/toast";
import { useNoticeSeenMutation, useStandingQuery } from "../../state/queries/safety";
import { Button } from "../controls/button";

export function StandingNotices() {
  const standing = useStandingQuery();
  const seen = useNoticeSeenMutation();
  const headingId = useId();
  const card = useRef<HTMLElement>(null);
  // Set when a notice is put away from the keyboard, so the focus moves on rather than being lost.
  const handOn = useRef(false);
  const notices = standing.data?.notices ?? [];
  const notice = notices[0];

  useEffect(() => {
    if (!handOn.current) return;
    handOn.current = false;
    // The next notice's heading, or else the page's content.
    const next = notice ? card.current?.querySelector("h2") : document.getElementById(MAIN_ID);
    next?.focus();
  }, [notice]);

  if (!notice) return null;
  const onOk = () => {
    const fromInside = card.current?.contains(document.activeElement) ?? false;
    seen.mutate(notice.id, {
      onSuccess: () => {
        handOn.current = fromInside;
      },
      onError: () => toast.error("Could not save that you read it. Please try again."),
    });
  };
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-4">
      <section
        ref={card}
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-2xl border border-sky-300 bg-sky-50 p-4 text-neutral-900 sm:flex-row sm:items-start dark:border-sky-800 dark:bg-sky-950 dark:text-neutral-100"
      >
        <ShieldAlert
          aria-hidden="true"
          size={20}
          className="hidden shrink-0 text-sky-800 sm:mt-0.5 sm:block dark:text-sky-300"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} tabIndex={-1} className="font-semibold outline-none">
            A notice from the moderators
          </h2>
          <p className="text-xs text-neutral-700 dark:text-neutral-300">
            {notices.length > 1
              ? `${calendarDate(notice.createdAt)} · 1 of ${notices.length}`
              : calendarDate(notice.createdAt)}
          </p>
          <p className="text-sm break-words whitespace-pre-line">{notice.text}</p>
        </div>
        <Button className="shrink-0 self-end sm:self-start" busy={seen.isPending} onClick={onOk}>
          OK
        </Button>
      </section>
    </div>
  );
}

export function RestrictedBanner() {
  const until = useStandingQuery().data?.restrictedUntil;
  if (!until || new Date(until).getTime() <= Date.now()) return null;
  return (
    <aside
      aria-label="Account restricted"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      Your account is restricted until {calendarDate(until)}. You can read, but not post, comment,
      message or follow.
    </aside>
  );
}
