// /checkout/test/{id}: the built-in checkout page used when no payment provider is configured
// (docs/usernames.md "Test mode"). It stands where the provider's checkout page would: it shows
// what is being bought and lets the buyer pay, have the card declined, or cancel; the server then
// answers with the same return address a real provider would send the buyer to (spec-2 §4
// "Payment return"). No real payment is taken, and the page says so first.
import { FlaskConical } from "lucide-react";
import { Link, useParams } from "react-router";
import type { z } from "zod";
import type { testCheckoutResponse } from "../../../domain/contracts/usernames";
import { formatYearlyPrice } from "../../../domain/price-tiers";
import { Button, buttonClass } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { Spinner } from "../../components/feedback/spinner";
import { Page } from "../../components/layout/page";
import { errorMessage } from "../../lib/api";
import { useStaticPageMeta } from "../../lib/document-head";
import { leavePage } from "../../lib/leave-page";
import { toast } from "../../lib/toast";
import { isNotFoundError } from "../../state/queries/profiles";
import { useSessionUser } from "../../state/queries/session";
import {
  type TestCheckoutChoice,
  useTestCheckoutChoiceMutation,
  useTestCheckoutQuery,
} from "../../state/queries/test-checkouts";

type TestCheckout = z.infer<typeof testCheckoutResponse>;

const cardClass =
  "rounded-3xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8 dark:border-neutral-800 dark:bg-neutral-900";

export function TestCheckoutScreen() {
  useStaticPageMeta("test-checkout");
  const { id = "" } = useParams();
  const query = useTestCheckoutQuery(id);
  const checkout = query.data;

  return (
    <Page width="sm" className="space-y-4">
      <p
        role="note"
        className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
      >
        <FlaskConical aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
        <span>
          <strong className="block font-semibold">Test mode — no real payment is taken</strong>
          No payment provider is set up on this server. This page stands in for the checkout page,
          so the whole purchase can be tried.
        </span>
      </p>
      {checkout ? (
        checkout.status === "open" ? (
          <OpenCheckout checkout={checkout} />
        ) : (
          <Closed />
        )
      ) : isNotFoundError(query.error) ? (
        <NotFound />
      ) : query.isError ? (
        <LoadError
          message={errorMessage(query.error, "Failed to load the checkout")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className={cardClass}
        />
      ) : (
        <Spinner label="Loading the checkout" />
      )}
    </Page>
  );
}

function OpenCheckout({ checkout }: { checkout: TestCheckout }) {
  const choose = useTestCheckoutChoiceMutation(checkout.id);
  // Stays busy after an answer too: the page is about to be replaced by the return address.
  const busy = choose.isPending || choose.isSuccess;
  const chosen = busy ? choose.variables : undefined;

  const onChoose = (choice: TestCheckoutChoice) =>
    choose.mutate(choice, {
      onSuccess: (redirectUrl) => leavePage(redirectUrl),
      onError: (error) =>
        toast.error("Checkout failed", {
          description: errorMessage(error, "Unable to reach the test checkout. Please try again."),
        }),
    });

  return (
    <section aria-labelledby="test-checkout-title" className={cardClass}>
      <h1 id="test-checkout-title" className="text-2xl font-bold">
        Checkout
      </h1>
      <p className="mt-1 text-neutral-600 dark:text-neutral-400">
        A yearly subscription for your username.
      </p>
      <dl className="mt-6 space-y-3 rounded-2xl bg-neutral-50 p-4 dark:bg-neutral-950">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-sm text-neutral-500 dark:text-neutral-400">Username</dt>
          <dd className="min-w-0 text-lg font-bold break-all">@{checkout.name}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-sm text-neutral-500 dark:text-neutral-400">{checkout.tierLabel}</dt>
          <dd className="text-lg font-bold tabular-nums">{formatYearlyPrice(checkout)}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-col gap-3">
        <Button
          size="lg"
          block
          busy={chosen === "paid"}
          disabled={busy}
          onClick={() => onChoose("paid")}
        >
          Pay {formatYearlyPrice(checkout)}
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            variant="secondary"
            block
            busy={chosen === "declined"}
            disabled={busy}
            onClick={() => onChoose("declined")}
          >
            Decline card
          </Button>
          <Button
            variant="secondary"
            block
            busy={chosen === "canceled"}
            disabled={busy}
            onClick={() => onChoose("canceled")}
          >
            Cancel
          </Button>
        </div>
      </div>
    </section>
  );
}

function useEditProfilePath(): string {
  const { user } = useSessionUser();
  return user ? `/${user.handle}/edit-profile` : "/";
}

function Closed() {
  const editProfile = useEditProfilePath();
  return (
    <section className={`${cardClass} space-y-4 text-center`}>
      <h1 className="text-xl font-bold">This checkout is no longer open.</h1>
      <p className="text-neutral-600 dark:text-neutral-400">
        It was paid, canceled or has expired. Start again from your profile to reserve a username.
      </p>
      <Link to={editProfile} className={buttonClass()}>
        Back to Edit Profile
      </Link>
    </section>
  );
}

function NotFound() {
  const editProfile = useEditProfilePath();
  return (
    <section className={`${cardClass} space-y-4 text-center`}>
      <h1 className="text-xl font-bold">Checkout not found</h1>
      <p className="text-neutral-600 dark:text-neutral-400">
        This checkout does not exist, or it belongs to another account.
      </p>
      <Link to={editProfile} className={buttonClass({ variant: "secondary" })}>
        Back to Edit Profile
      </Link>
    </section>
  );
}
