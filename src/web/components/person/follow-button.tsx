// The Follow / Following toggle (spec-1 §2, §4) for any person: in search results, on profiles.
// Signed-out visitors are sent to sign up and come back here (spec-1 §6); nobody can follow
// themselves, so the button is not shown on one's own entries. While the request runs the button
// is aria-disabled rather than disabled, so keyboard focus stays on it.
import { clsx } from "clsx";
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { signupRedirect } from "../../../domain/safe-next";
import { useFollowStatus, useToggleFollowMutation } from "../../state/queries/follows";
import { useSessionUser } from "../../state/queries/session";

interface FollowButtonProps {
  userId: string;
  /** The person's name, read by screen readers after 'Follow' where several buttons share a list. */
  name?: string;
  /** Known from the data already on screen (search results); otherwise it is asked for. */
  following?: boolean;
  compact?: boolean;
  className?: string;
}

const base =
  "inline-flex shrink-0 items-center justify-center rounded-full font-semibold transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
const sizes = {
  regular: "min-h-10 min-w-24 px-4 text-sm",
  compact: "min-h-8 min-w-22 px-3 text-xs",
};
const looks = {
  follow: "bg-primary text-on-primary hover:bg-primary-hover",
  following:
    "border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800",
};

export function FollowButton({ userId, name, following, compact, className }: FollowButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isPending: sessionPending } = useSessionUser();
  const status = useFollowStatus(following === undefined ? userId : null);
  const toggle = useToggleFollowMutation();

  if (user && user.id === userId) return null;

  const current = following ?? status.data;
  const pressed = Boolean(user && current);
  const busy = sessionPending || toggle.isPending || (Boolean(user) && current === undefined);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    if (busy) return;
    if (!user) {
      void navigate(signupRedirect(`${location.pathname}${location.search}`));
      return;
    }
    toggle.mutate({ targetUserId: userId, following: pressed });
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-disabled={busy || undefined}
      aria-busy={toggle.isPending || undefined}
      onClick={onClick}
      className={clsx(
        base,
        sizes[compact ? "compact" : "regular"],
        looks[pressed ? "following" : "follow"],
        className,
      )}
    >
      {pressed ? "Following" : "Follow"}
      {/* The space sits outside the hidden span: name computation trims inside elements. */}
      {name ? " " : null}
      {name ? <span className="sr-only">{name}</span> : null}
    </button>
  );
}
