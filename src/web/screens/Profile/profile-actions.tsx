// The profile's buttons (spec-1 §2, §6): the owner gets Edit Profile and Logout; anyone else
// Follow and Message, and signed in the options menu (docs/safety.md), which is all that is left
// while the viewer blocks the person. Message opens the direct thread with this person, created if
// needed (on one's own profile it opens /mail). Signed-out visitors are sent to sign up and come
// back here.
import { Link, useLocation, useNavigate } from "react-router";
import { signupRedirect } from "../../../domain/safe-next";
import { Button, buttonClass } from "../../components/controls/button";
import { FollowButton } from "../../components/person/follow-button";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  NOT_AUTHENTICATED,
  THREAD_FAILED,
  useOpenDirectThreadMutation,
} from "../../state/queries/mail";
import { useRelationQuery } from "../../state/queries/safety";
import { useLogoutMutation, useSessionUser } from "../../state/queries/session";
import { ProfileOptions } from "./profile-options-menu";

export function ProfileActions({
  handle,
  userId,
  isOwner,
  privateAccount,
}: {
  handle: string;
  userId: string;
  isOwner: boolean;
  /** A follow becomes a request (docs/social-and-realtime.md "Private accounts"). */
  privateAccount: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isPending } = useSessionUser();
  const logout = useLogoutMutation();
  const openThread = useOpenDirectThreadMutation();
  const relation = useRelationQuery(isOwner ? "" : userId);

  if (isOwner) {
    const onLogout = () =>
      logout.mutate(undefined, {
        onSettled: () => navigate("/"),
        onError: () => toast.error("Could not sign out. Please try again."),
      });
    return (
      <div className="flex flex-wrap justify-center gap-3 sm:justify-start">
        <Link to={`/${handle}/edit-profile`} className={buttonClass()}>
          Edit Profile
        </Link>
        <Button variant="secondary" onClick={onLogout} busy={logout.isPending}>
          Logout
        </Button>
      </div>
    );
  }

  const here = `${location.pathname}${location.search}`;
  const onMessage = () => {
    if (!user) {
      navigate(signupRedirect(here));
      return;
    }
    if (user.id === userId) {
      navigate("/mail");
      return;
    }
    openThread.mutate(userId, {
      onSuccess: (thread) => navigate(`/mail?thread=${encodeURIComponent(thread.id)}`),
      // spec-1 §8: a session that ended meanwhile says 'Not authenticated'.
      onError: (error) =>
        toast.error(
          error instanceof ApiRequestError && error.status === 401
            ? NOT_AUTHENTICATED
            : errorMessage(error, THREAD_FAILED),
        ),
    });
  };

  return (
    <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
      {relation.data?.blocking ? null : (
        <>
          <FollowButton userId={userId} privateAccount={privateAccount} />
          <Button
            variant="secondary"
            onClick={onMessage}
            disabled={isPending}
            busy={openThread.isPending}
          >
            Message
          </Button>
        </>
      )}
      {user && user.id !== userId ? <ProfileOptions userId={userId} handle={handle} /> : null}
    </div>
  );
}
