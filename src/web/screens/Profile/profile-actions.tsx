// The profile's buttons (spec-1 §2, §6): the owner gets Edit Profile and Logout; anyone else
// Follow and Message. Signed-out visitors are sent to sign up and come back here afterwards.
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { signupRedirect } from "../../../domain/safe-next";
import { Button, buttonClass } from "../../components/button";
import { FollowButton } from "../../components/follow-button";
import { useLogoutMutation, useSessionUser } from "../../state/queries/session";

export function ProfileActions({
  handle,
  userId,
  isOwner,
}: {
  handle: string;
  userId: string;
  isOwner: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isPending } = useSessionUser();
  const logout = useLogoutMutation();

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
  // Message opens /mail (threads arrive with mail); signed out, it goes to sign-up first.
  const onMessage = () => navigate(user ? "/mail" : signupRedirect(here));

  return (
    <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
      <FollowButton userId={userId} />
      <Button variant="secondary" onClick={onMessage} disabled={isPending}>
        Message
      </Button>
    </div>
  );
}
