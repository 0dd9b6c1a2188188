// One activity group (spec-2 §3): what happened, by whom, on which post, how long ago, and whether
// it is still unread; for the outcome of the reader's report, what became of it and the
// moderators' note, naming no one (docs/safety.md "Reporters hear back"). The whole entry is one
// button (for someone elsewhere, a button stretched under the links to their page, and, on a
// quote from elsewhere, 'Remove from quote'); opening it is up to the screen.
import { clsx } from "clsx";
import {
  AtSign,
  Flag,
  Heart,
  type LucideIcon,
  MessageCircle,
  Quote,
  Repeat2,
  UserCheck,
  UserPlus,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ActivityGroup, ActivityGroupType } from "../../../domain/contracts/activity";
import { TimeStamp } from "../../components/text/time-stamp";
import { activitySentence } from "./activity-sentence";
import { AvatarStrip } from "./avatar-strip";
import { RemoveFromQuote } from "./remove-from-quote";

const TYPE_ICON = {
  LIKE: { Icon: Heart, className: "bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400" },
  COMMENT: {
    Icon: MessageCircle,
    className: "bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-400",
  },
  FOLLOW: {
    Icon: UserPlus,
    className: "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-400",
  },
  FOLLOW_REQUEST: {
    Icon: UserPlus,
    className: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  },
  FOLLOW_ACCEPTED: {
    Icon: UserCheck,
    className: "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-400",
  },
  MENTION: {
    Icon: AtSign,
    className: "bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300",
  },
  REPOST: {
    Icon: Repeat2,
    className: "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-400",
  },
  QUOTE: {
    Icon: Quote,
    className: "bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-400",
  },
  REPORT_OUTCOME: {
    Icon: Flag,
    className: "bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200",
  },
} as const satisfies Record<ActivityGroupType, { Icon: LucideIcon; className: string }>;

interface ActivityEntryProps {
  group: ActivityGroup;
  now: Date;
  viewerHandle: string | null | undefined;
  onOpen: (group: ActivityGroup) => void;
}

export function ActivityEntry({ group, now, viewerHandle, onOpen }: ActivityEntryProps) {
  const { actor, rest } = activitySentence(group, viewerHandle);
  const { Icon, className: iconClass } = TYPE_ICON[group.groupType];
  const frame = clsx(
    "flex w-full items-start gap-3 rounded-2xl px-3 py-3 text-left transition-colors sm:px-4",
    group.unread
      ? "bg-sky-50 hover:bg-sky-100 dark:bg-sky-950/40 dark:hover:bg-sky-950/70"
      : "hover:bg-neutral-100 dark:hover:bg-neutral-900",
  );
  const open = () => onOpen(group);
  const first = group.actorsRecent[0];
  if (!first?.elsewhere) {
    return (
      <button type="button" onClick={open} className={frame}>
        <EntryBody group={group} now={now} iconClass={iconClass} Icon={Icon}>
          {actor ? (
            <span className="font-semibold text-neutral-950 dark:text-white">{actor}</span>
          ) : null}
          {rest}
        </EntryBody>
      </button>
    );
  }
  // Someone elsewhere: their name and handle link to their page here; the rest of the entry is
  // the button, stretched over it (docs/federation.md "Activity from elsewhere").
  const page = `/@${first.handle}`;
  return (
    <div className={clsx(frame, "relative")}>
      <EntryBody group={group} now={now} iconClass={iconClass} Icon={Icon}>
        <Link
          to={page}
          className="relative z-10 font-semibold text-neutral-950 hover:underline dark:text-white"
        >
          {actor}
        </Link>{" "}
        <Link
          to={page}
          className="relative z-10 break-all text-neutral-600 hover:underline dark:text-neutral-400"
        >
          @{first.handle}
        </Link>{" "}
        <button
          type="button"
          onClick={open}
          className="text-left outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-primary"
        >
          {rest.trimStart()}
        </button>
        {group.groupType === "QUOTE" && group.noteId ? (
          <RemoveFromQuote noteId={group.noteId} />
        ) : null}
      </EntryBody>
    </div>
  );
}

/** The icon, the avatars and time, the sentence (`children`), the snippets and the unread dot. */
function EntryBody({
  group,
  now,
  Icon,
  iconClass,
  children,
}: {
  group: ActivityGroup;
  now: Date;
  Icon: LucideIcon;
  iconClass: string;
  children: ReactNode;
}) {
  return (
    <>
      <span
        aria-hidden="true"
        className={clsx("flex size-9 shrink-0 items-center justify-center rounded-full", iconClass)}
      >
        <Icon size={18} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1.5">
        <span className="flex items-center justify-between gap-2">
          {group.groupType === "REPORT_OUTCOME" ? (
            <span className="text-sm font-semibold text-neutral-600 dark:text-neutral-400">
              From the moderators
            </span>
          ) : (
            <AvatarStrip actors={group.actorsRecent} />
          )}
          <TimeStamp
            at={group.lastEventAt}
            now={now}
            className="ml-auto shrink-0 text-sm text-neutral-600 dark:text-neutral-400"
          />
        </span>
        <span className="text-[0.9375rem] leading-snug text-neutral-800 dark:text-neutral-200">
          {children}
        </span>
        {group.reportOutcome?.note ? (
          <span className="border-l-2 border-neutral-300 pl-2 text-sm break-words text-neutral-800 dark:border-neutral-700 dark:text-neutral-200">
            <span className="font-semibold">Their note:</span> {group.reportOutcome.note}
          </span>
        ) : null}
        {group.commentSnippet ? (
          <span className="border-l-2 border-neutral-300 pl-2 text-sm break-words text-neutral-800 dark:border-neutral-700 dark:text-neutral-200">
            {group.mutedBy ? (
              <span className="text-neutral-600 italic dark:text-neutral-400">
                Hidden: matches a muted word ({group.mutedBy.map((w) => `“${w}”`).join(", ")})
              </span>
            ) : (
              group.commentSnippet
            )}
          </span>
        ) : null}
        {group.postSnippet ? (
          <span className="text-sm break-words text-neutral-600 dark:text-neutral-400">
            “{group.postSnippet}”
          </span>
        ) : null}
      </span>
      <span className="flex w-2.5 shrink-0 self-center">
        {group.unread ? (
          <span className="size-2.5 rounded-full bg-primary">
            <span className="sr-only">Unread</span>
          </span>
        ) : null}
      </span>
    </>
  );
}
