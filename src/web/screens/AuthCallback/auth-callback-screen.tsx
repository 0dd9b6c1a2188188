// /auth/callback (spec-2 §2, §4): the link in the confirmation e-mail lands here with `email` and
// `code`; the code is checked once, then 'Email Verified!' asks the person to sign in.
import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { buttonClass } from "../../components/button";
import { Page } from "../../components/page";
import { Spinner } from "../../components/spinner";
import { useSite } from "../../lib/site-config";
import { useVerifyCodeMutation } from "../../state/queries/session";

export function AuthCallbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const verify = useVerifyCodeMutation();
  const { siteName } = useSite();
  const { mutateAsync } = verify;
  const [verified, setVerified] = useState(false);
  const started = useRef(false);
  const email = params.get("email");
  const code = params.get("code");

  useEffect(() => {
    // A code is single-use: never send it twice (StrictMode, re-renders).
    if (started.current) return;
    started.current = true;
    const fail = () => {
      toast.error("Verification failed. Please try again.");
      navigate("/signup", { replace: true });
    };
    if (!email || !code) {
      fail();
      return;
    }
    mutateAsync({ email, code }).then(() => setVerified(true), fail);
  }, [email, code, mutateAsync, navigate]);

  return (
    <Page width="sm">
      <div className="rounded-3xl border border-neutral-200 bg-white p-8 text-center shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        {verified ? (
          <div className="space-y-4">
            <CircleCheck
              aria-hidden="true"
              size={48}
              className="mx-auto text-green-600 dark:text-green-400"
            />
            <h1 className="text-2xl font-bold">Email Verified!</h1>
            <p className="text-neutral-600 dark:text-neutral-400">
              Your account is confirmed. Sign in to start using {siteName}.
            </p>
            <Link to="/signup?tab=login" className={buttonClass({ size: "lg", block: true })}>
              Sign In
            </Link>
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
