// /checkout-success/{session_id} (spec-2 §2 "Checkout success page", §4 "Username reservation"):
// where the payment provider sends the buyer after paying. The server is asked to finish the
// purchase (handle-checkout-success, spec-2 §7); it checks the session with the provider, so the
// address alone proves nothing. 'Processing your payment…', then 'Payment Successful!' with
// 'Continue to Profile', or 'We couldn’t finish' with Go Home and Try Again (spec-2 §8 messages).
import { CircleAlert, CircleCheck } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { Button, buttonClass } from "../../components/controls/button";
import { Spinner } from "../../components/feedback/spinner";
import { Page } from "../../components/layout/page";
import { useStaticPageMeta } from "../../lib/document-head";
import { clearPendingUsername, readPendingUsername } from "../../lib/pending-username";
import { toast } from "../../lib/toast";
import { useCompleteCheckoutMutation } from "../../state/queries/usernames";
import { COMPLETION_ERRORS, completionErrorText } from "./completion-errors";

const cardClass =
  "rounded-3xl border border-neutral-200 bg-white p-8 text-center shadow-sm dark:border-neutral-800 dark:bg-neutral-900";

export function CheckoutSuccessScreen() {
  useStaticPageMeta("checkout-success");
  const { sessionId = "" } = useParams();
  const complete = useCompleteCheckoutMutation();
  const { mutateAsync } = complete;
  const asked = useRef<string | null>(null);

  const finish = useCallback(
    (id: string) =>
      mutateAsync(id).then(
        ({ username }) => {
          clearPendingUsername();
          toast.success(`Your username @${username} has been reserved.`);
        },
        // The page shows the failure; nothing else to do with it here.
        () => {},
      ),
    [mutateAsync],
  );

  useEffect(() => {
    // Once per session id: StrictMode runs effects twice, and the purchase is finished only once.
    if (sessionId.trim() === "" || asked.current === sessionId) return;
    asked.current = sessionId;
    void finish(sessionId);
  }, [sessionId, finish]);

  return (
    <Page width="sm">
      <div className={cardClass}>
        {sessionId.trim() === "" ? (
          <Failure message={COMPLETION_ERRORS.missing} />
        ) : complete.isSuccess ? (
          <div className="space-y-4">
            <CircleCheck
              aria-hidden="true"
              size={48}
              className="mx-auto text-green-700 dark:text-green-400"
            />
            <h1 className="text-2xl font-bold">Payment Successful!</h1>
            <p className="text-neutral-600 dark:text-neutral-400">
              <span className="font-semibold break-all text-neutral-900 dark:text-neutral-100">
                @{complete.data.username}
              </span>{" "}
              is yours. Your profile link and mail address use it from now on.
            </p>
            <Link
              to={`/${complete.data.username}`}
              className={buttonClass({ size: "lg", block: true })}
            >
              Continue to Profile
            </Link>
          </div>
        ) : complete.isError ? (
          <Failure
            message={completionErrorText(complete.error, readPendingUsername())}
            onRetry={() => void finish(sessionId)}
          />
        ) : (
          <div className="space-y-2">
            <Spinner label="Processing your payment" className="py-6" />
            <h1 className="text-xl font-semibold">Processing your payment…</h1>
            <p className="text-neutral-600 dark:text-neutral-400">This only takes a moment.</p>
          </div>
        )}
      </div>
    </Page>
  );
}

function Failure({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="space-y-4">
      <CircleAlert
        aria-hidden="true"
        size={48}
        className="mx-auto text-red-700 dark:text-red-400"
      />
      <h1 className="text-2xl font-bold">We couldn’t finish</h1>
      <p role="alert" className="text-neutral-600 dark:text-neutral-400">
        {message}
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Link to="/" className={buttonClass({ variant: "secondary" })}>
          Go Home
        </Link>
        {onRetry ? <Button onClick={onRetry}>Try Again</Button> : null}
      </div>
    </div>
  );
}
