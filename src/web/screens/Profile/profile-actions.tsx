// The profile's buttons (spec-1 §2, §6): the owner gets Edit Profile and Logout; anyone else
// Follow and Message. Signed-out visitors are sent to sign up and come back here afterwards.
// Following is not built yet, so Follow says so instead of pretending.
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { signupRedirect } from "../../../domain/safe-next";
import { Button, buttonClass } from "../../components/button";
import { useLogoutMutation, useSessionUser } from "../../state/queries/session";

export const FOLLOW_SOON = "Following arrives soon";

export function ProfileActions({ handle, isOwner }: { handle: string; isOwner: boolean }) {
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
  const toSignup = () => navigate(signupRedirect(here));

  if (!user) {
    return (
      <div className="flex flex-wrap justify-center gap-3 sm:justify-start">
        <Button onClick={toSignup} disabled={isPending}>
          Follow
        </Button>
        <Button variant="secondary" onClick={toSignup} disabled={isPending}>
          Message
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
      {/* A disabled button shows no tooltip in every browser, so the wrapper carries it too. */}
      <span title={FOLLOW_SOON} className="inline-flex">
        <Button disabled title={FOLLOW_SOON}>
          Follow
        </Button>
      </span>
      <Button variant="secondary" onClick={() => navigate("/mail")}>
        Message
      </Button>
    </div>
  );
}
