// The Follow / Requested / Following button (spec-1 §2, §4; docs/social-and-realtime.md "Private
// accounts") for any person: in search results, on profiles, in people to follow. Following a
// private account sends a request, shown as 'Requested' until its owner answers; pressing it then
// takes the request back, and its accessible name says so. Signed-out visitors are sent to sign up
// and come back here (spec-1 §6); nobody can follow themselves, so the button is not shown on one's
// own entries. While the request runs the button is aria-disabled rather than disabled, so keyboard
// focus stays on it.
import { clsx } from "clsx";
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { FollowState } from "../../../domain/contracts/follows";
import { signupRedirect } from "../../../domain/safe-next";
import { useFollowState, useToggleFollowMutation } from "../../state/queries/follows";
import { useSessionUser } from "../../state/queries/session";

interface FollowButtonProps {
  userId: string;
  /** The person's name, read by screen readers after the button's word where several buttons
   * share a list. */
  name?: string;
  /** Known from the data already on screen (search results); otherwise it is asked for. A list's
   * flag cannot tell a waiting request from no follow: a request made here is still shown, and a
   * press on 'Follow' asks the status first (follows.ts). */
  following?: boolean;
  /** Whether the account is private, when the screen knows (a profile): a follow becomes a request
   * at once instead of when the answer comes. */
  privateAccount?: boolean;
  compact?: boolean;
  className?: string;
}

const base =
  "inline-flex shrink-0 items-center justify-center rounded-full font-semibold transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
const sizes = {
  regular: "min-h-10 min-w-24 px-4 text-sm",
  compact: "min-h-8 min-w-22 px-3 text-xs",
};
const outlined =
  "border border-neutral-300 bg-white hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-900 dark:hover:bg-neutral-800";
const looks: Record<FollowState, string> = {
  none: "bg-primary text-on-primary hover:bg-primary-hover",
  requested: `${outlined} text-neutral-600 dark:text-neutral-300`,
  following: `${outlined} text-neutral-900 dark:text-neutral-100`,
};
const WORDS: Record<FollowState, string> = {
  none: "Follow",
  requested: "Requested",
  following: "Following",
};

/** A request's button takes it back, and says so: its whole name is set, since browsers differ in
 * how a hidden span joins the visible word. */
const cancelLabel = (name: string | undefined) =>
  `Requested: ${name ? `cancel the request to follow ${name}` : "cancel the follow request"}`;

export function FollowButton({
  userId,
  name,
  following,
  privateAccount,
  compact,
  className,
}: FollowButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isPending: sessionPending } = useSessionUser();
  const known = useFollowState(userId, following === undefined);
  const toggle = useToggleFollowMutation();

  if (user && user.id === userId) return null;

  const current: FollowState | undefined =
    following === undefined
      ? known.data
      : following
        ? "following"
        : known.data === "requested"
          ? "requested"
          : "none";
  const state: FollowState = user ? (current ?? "none") : "none";
  const busy = sessionPending || toggle.isPending || (Boolean(user) && current === undefined);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    if (busy) return;
    if (!user) {
      void navigate(signupRedirect(`${location.pathname}${location.search}`));
      return;
    }
    toggle.mutate({
      targetUserId: userId,
      state,
      privateAccount,
      unsure: following !== undefined && known.data === undefined,
    });
  };

  const requested = state === "requested";
  return (
    <button
      type="button"
      // A request is not a toggle's 'on': the button then takes it back, as its name says.
      aria-pressed={requested ? undefined : state === "following"}
      aria-label={requested ? cancelLabel(name) : undefined}
      aria-disabled={busy || undefined}
      aria-busy={toggle.isPending || undefined}
      onClick={onClick}
      className={clsx(base, sizes[compact ? "compact" : "regular"], looks[state], className)}
    >
      {WORDS[state]}
      {/* The space sits outside the hidden span: name computation trims inside elements. */}
      {name && !requested ? " " : null}
      {name && !requested ? <span className="sr-only">{name}</span> : null}
    </button>
  );
}
