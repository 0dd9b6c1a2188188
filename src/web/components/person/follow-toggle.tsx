// The look and words of every Follow / Requested / Following button (spec-1 §2, §4;
// docs/social-and-realtime.md "Private accounts"), for a person here (follow-button.tsx) or
// elsewhere (docs/federation.md "Follows"). A request's button takes it back, and its accessible
// name says so. While the request runs the button is aria-disabled rather than disabled, so
// keyboard focus stays on it.
import { clsx } from "clsx";
import type { MouseEvent } from "react";
import type { FollowState } from "../../../domain/contracts/follows";

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

interface FollowToggleProps {
  state: FollowState;
  /** The person's name, read by screen readers after the button's word where several buttons
   * share a list. */
  name?: string | undefined;
  /** A change or the state itself is on its way: presses are ignored. */
  busy: boolean;
  /** The change itself is on its way (aria-busy). */
  pending: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  compact?: boolean | undefined;
  className?: string | undefined;
}

export function FollowToggle({
  state,
  name,
  busy,
  pending,
  onClick,
  compact,
  className,
}: FollowToggleProps) {
  const requested = state === "requested";
  return (
    <button
      type="button"
      // A request is not a toggle's 'on': the button then takes it back, as its name says.
      aria-pressed={requested ? undefined : state === "following"}
      aria-label={requested ? cancelLabel(name) : undefined}
      aria-disabled={busy || undefined}
      aria-busy={pending || undefined}
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
