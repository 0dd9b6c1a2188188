// The Follow / Requested / Following button (spec-1 §2, §4; docs/social-and-realtime.md "Private
// accounts") for any person: in search results, on profiles, in people to follow. Following a
// private account sends a request, shown as 'Requested' until its owner answers; pressing it then
// takes the request back, and its accessible name says so. Signed-out visitors are sent to sign up
// and come back here (spec-1 §6); nobody can follow themselves, so the button is not shown on one's
// own entries. The button itself is follow-toggle.tsx.
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { FollowState } from "../../../domain/contracts/follows";
import { signupRedirect } from "../../../domain/safe-next";
import { useFollowState, useToggleFollowMutation } from "../../state/queries/follows";
import { useSessionUser } from "../../state/queries/session";
import { FollowToggle } from "./follow-toggle";

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

  return (
    <FollowToggle
      state={state}
      name={name}
      busy={busy}
      pending={toggle.isPending}
      onClick={onClick}
      compact={compact}
      className={className}
    />
  );
}
