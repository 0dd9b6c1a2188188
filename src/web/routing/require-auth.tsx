// Guard for signed-in-only routes (spec-1 §2): a spinner while the session loads, then the
// sign-in screen in place (returning here after login) when nobody is signed in.
import { lazy, type ReactNode, Suspense } from "react";
import { useLocation } from "react-router";
import { Spinner } from "../components/feedback/spinner";
import { useSessionUser } from "../state/queries/session";

// Fetched only when a signed-out visitor opens a guarded page (docs/performance.md "Initial
// JavaScript").
const SignInScreen = lazy(() =>
  import("../screens/SignIn/sign-in-screen").then((m) => ({ default: m.SignInScreen })),
);

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useSessionUser();
  const location = useLocation();
  if (isPending) return <Spinner label="Checking your session" />;
  if (!user) {
    return (
      <Suspense fallback={<Spinner />}>
        <SignInScreen next={`${location.pathname}${location.search}`} />
      </Suspense>
    );
  }
  return children;
}
