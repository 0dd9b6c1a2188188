// Guard for signed-in-only routes (spec-1 §2): a spinner while the session loads, then the
// sign-in screen in place (returning here after login) when nobody is signed in.
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { SignInScreen } from "../screens/SignIn/sign-in-screen";
import { useSessionUser } from "../state/queries/session";
import { Spinner } from "./spinner";

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useSessionUser();
  const location = useLocation();
  if (isPending) return <Spinner label="Checking your session" />;
  if (!user) return <SignInScreen next={`${location.pathname}${location.search}`} />;
  return children;
}
