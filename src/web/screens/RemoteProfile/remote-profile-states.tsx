// A person elsewhere whom their server does not know (docs/federation.md "In the web app"), in the
// local profile's not-found layout (screens/Profile/profile-states.tsx).
import { Link } from "react-router";
import { Button, buttonClass } from "../../components/controls/button";
import { useGoBack } from "../../lib/use-go-back";

export const REMOTE_NOT_FOUND = "We could not find that person on their server.";

export function RemoteProfileNotFound() {
  const goBack = useGoBack("/");
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Profile Not Found</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{REMOTE_NOT_FOUND}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={goBack}>
          Back
        </Button>
        <Link to="/" className={buttonClass()}>
          Go Home
        </Link>
      </div>
    </div>
  );
}
