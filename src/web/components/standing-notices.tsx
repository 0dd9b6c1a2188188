// The signed-in person's standing (docs/safety.md "Moderate"): notices from the moderators, shown
// one after another in a dialog whose OK marks each seen, and while the account is restricted a
// slim banner on every page.

import { calendarDate } from "../lib/calendar-date";
import { toast } from "../lib/toast";
import { useNoticeSeenMutation, useStandingQuery } from "../state/queries/safety";
import { Button } from "./button";
import { Dialog } from "./dialog";

export function StandingNotices() {
  const standing = useStandingQuery();
  const seen = useNoticeSeenMutation();
  const notices = standing.data?.notices ?? [];
  const notice = notices[0];
  if (!notice) return null;
  const onOk = () =>
    seen.mutate(notice.id, {
      onError: () => toast.error("Could not save that you read it. Please try again."),
    });
  return (
    // One dialog per notice, so the next one opens (and is announced) on its own.
    <Dialog
      key={notice.id}
      open
      onOpenChange={(open) => !open && onOk()}
      alert
      width="md"
      title="A notice from the moderators"
      description={
        notices.length > 1
          ? `${calendarDate(notice.createdAt)} · 1 of ${notices.length}`
          : calendarDate(notice.createdAt)
      }
    >
      <p className="break-words whitespace-pre-line">{notice.text}</p>
      <div className="flex justify-end">
        <Button busy={seen.isPending} onClick={onOk}>
          OK
        </Button>
      </div>
    </Dialog>
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
