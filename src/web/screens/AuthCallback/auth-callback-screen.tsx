// /auth/callback (spec-2 §2, §4, §8): the link in the confirmation e-mail lands here with `email`
// and `code`. A progress message, then 'Email Verified!' with Sign In; a visitor who already has
// a session gets 'Welcome!' and goes on to /; a failure is told in a toast on /signup.
import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClass } from "../../components/controls/button";
import { Spinner } from "../../components/feedback/spinner";
import { Page } from "../../components/layout/page";
import { useStaticPageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { toast } from "../../lib/toast";
import { useEmailConfirmation } from "./use-email-confirmation";

/** Long enough to read 'Welcome!' before the feed replaces it. */
const WELCOME_REDIRECT_MS = 1_200;

export function AuthCallbackScreen() {
  useStaticPageMeta("auth-callback");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { siteName } = useSite();
  const state = useEmailConfirmation({ email: params.get("email"), code: params.get("code") });

  useEffect(() => {
    if (state.kind === "failed") {
      toast.error(state.message);
      navigate("/signup", { replace: true });
    }
    if (state.kind !== "welcome") return;
    const timer = window.setTimeout(() => navigate("/", { replace: true }), WELCOME_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state, navigate]);

  return (
    <Page width="sm">
      <div className="rounded-3xl border border-neutral-200 bg-white p-8 text-center shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        {state.kind === "verified" ? (
          <div className="space-y-4">
            <CircleCheck
              aria-hidden="true"
              size={48}
              className="mx-auto text-green-700 dark:text-green-400"
            />
            <h1 className="text-2xl font-bold">Email Verified!</h1>
            <p className="text-neutral-600 dark:text-neutral-400">
              Your account is confirmed. Sign in to start using {siteName}.
            </p>
            <Link to="/signup?tab=login" className={buttonClass({ size: "lg", block: true })}>
              Sign In
            </Link>
          </div>
        ) : state.kind === "welcome" ? (
          <div className="space-y-2">
            <h1 className="text-2xl font-bold">Welcome!</h1>
            <p role="status" className="text-neutral-600 dark:text-neutral-400">
              Redirecting…
            </p>
          </div>
        ) : (
          <div className="space-y-2">
            <Spinner label="Verifying your email" className="py-6" />
            <h1 className="text-xl font-semibold">Confirming your email…</h1>
            <p className="text-neutral-600 dark:text-neutral-400">This only takes a moment.</p>
          </div>
        )}
      </div>
    </Page>
  );
}
