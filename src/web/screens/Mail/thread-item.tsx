// One row of the thread list (spec-1 §2): the other party, the latest message on one line, the
// thread time label (today: the time; 'Yesterday'; the weekday within 7 days; else month and day)
// and the unread marker, seen and read out. The row is a link to ?thread={id}.
import { clsx } from "clsx";
import { Link } from "react-router";
import type { ThreadView } from "../../../domain/contracts/mail";
import { threadTimeLabel } from "../../../domain/time-labels";
import { ProfileBadges } from "../../components/person/profile-badges";
import { TimeStamp } from "../../components/text/time-stamp";
import { PartyAvatar, partyName } from "./party";

// neutral-600: 4.5:1 and more on the selected (sky-50) and hovered (neutral-100) rows too.
const muted = "text-neutral-600 dark:text-neutral-400";

/**
 * The latest message in one line: its subject, else its body; 'You: ' when the reader wrote it.
 * 'Draft' for a conversation opened without a message yet; one the reader's muted words match
 * says so instead of its words (docs/safety.md "Muted words").
 */
function preview(thread: ThreadView, viewerId: string): string {
  const latest = thread.latestMessage;
  if (!latest) return "Draft";
  if (latest.mutedBy) return "Hidden: matches a muted word";
  const text = latest.subject ?? latest.body.replace(/\s+/g, " ").trim();
  return latest.sender?.userId === viewerId ? `You: ${text}` : text;
}

interface ThreadItemProps {
  thread: ThreadView;
  viewerId: string;
  selected: boolean;
  now: Date;
  /** The list it is in: Mail's own, or its message requests (which stay beside it). */
  view?: "inbox" | "requests";
}

export function ThreadItem({ thread, viewerId, selected, now, view = "inbox" }: ThreadItemProps) {
  const { other, unread, lastMessageAt } = thread;
  const inView = view === "requests" ? "view=requests&" : "";
  return (
    <Link
      to={`/mail?${inView}thread=${encodeURIComponent(thread.id)}`}
      data-thread-id={thread.id}
      aria-current={selected ? "page" : undefined}
      className={clsx(
        "flex items-center gap-3 px-4 py-3 outline-none transition-colors focus-visible:bg-sky-50 focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-inset dark:focus-visible:bg-neutral-800",
        selected
          ? "bg-sky-50 dark:bg-sky-950/50"
          : "hover:bg-neutral-100 dark:hover:bg-neutral-900",
      )}
    >
      <PartyAvatar party={other} className="size-11" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-1.5">
          <span
            className={clsx(
              "truncate",
              unread ? "font-bold text-neutral-950 dark:text-white" : "font-semibold",
            )}
          >
            {partyName(other)}
          </span>
          {other.kind === "person" ? (
            <>
              <ProfileBadges
                verificationType={other.person.verificationType}
                veteran={other.person.veteran}
                size={16}
              />
              {other.person.handle ? (
                <span className={clsx("min-w-0 shrink-[4] truncate text-sm", muted)}>
                  @{other.person.handle}
                </span>
              ) : null}
            </>
          ) : null}
          {lastMessageAt ? (
            // spec-1 §2 fixes this list's label; the tooltip is the app's full date and time.
            <TimeStamp
              at={lastMessageAt}
              now={now}
              label={threadTimeLabel(new Date(lastMessageAt), now)}
              className={clsx("ml-auto shrink-0 pl-2 text-xs", muted)}
            />
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span
            className={clsx(
              "min-w-0 flex-1 truncate text-sm",
              unread ? "font-medium text-neutral-900 dark:text-neutral-100" : muted,
            )}
          >
            {preview(thread, viewerId)}
          </span>
          {unread ? (
            <span className="size-2.5 shrink-0 rounded-full bg-sky-600 dark:bg-sky-400">
              <span className="sr-only">Unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
