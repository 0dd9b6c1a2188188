// The edit page's section for a reserved username (docs/usernames.md "The life of a name"): the
// name, its renewal or end date and yearly price; cancel or resume the renewal; the provider's
// billing portal when it is Stripe. A lapsed name in its grace period gets the renew warning,
// whose Renew opens the Reserve Username dialog with the name filled in.
import { useState } from "react";
import type { OwnedUsername } from "../../../domain/contracts/usernames";
import { formatYearlyPrice } from "../../../domain/price-tiers";
import { ReserveUsernameDialog } from "../../components/account/reserve-username-dialog";
import { UsernameGraceNotice } from "../../components/account/username-grace-notice";
import { Button } from "../../components/controls/button";
import { ConfirmDialog } from "../../components/dialog/confirm-dialog";
import { errorMessage } from "../../lib/api";
import { calendarDate } from "../../lib/calendar-date";
import { leavePage } from "../../lib/leave-page";
import { toast } from "../../lib/toast";
import {
  useCancelRenewalMutation,
  useMyUsernameQuery,
  usePortalMutation,
  useResumeRenewalMutation,
} from "../../state/queries/usernames";

const TRY_AGAIN = "Please try again.";

export function UsernameSection({ className }: { className: string }) {
  const owned = useMyUsernameQuery().data;
  if (!owned) return null;
  return (
    <section aria-labelledby="edit-username" className={className}>
      <h2 id="edit-username" className="mb-4 text-lg font-bold">
        Your username
      </h2>
      {owned.status === "grace" ? <Lapsed owned={owned} /> : <Active owned={owned} />}
    </section>
  );
}

function Lapsed({ owned }: { owned: OwnedUsername }) {
  const [renewing, setRenewing] = useState(false);
  return (
    <>
      <UsernameGraceNotice owned={owned} onRenew={() => setRenewing(true)} />
      <ReserveUsernameDialog open={renewing} onOpenChange={setRenewing} initialName={owned.name} />
    </>
  );
}

function Active({ owned }: { owned: OwnedUsername }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRenewalMutation();
  const resume = useResumeRenewalMutation();
  const portal = usePortalMutation();
  const until = calendarDate(owned.periodEndsAt);

  const cancelRenewal = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success("Renewal canceled", {
          description: `@${owned.name} stays yours until ${until}.`,
        });
      },
      onError: (error) =>
        toast.error("Could not cancel renewal", { description: errorMessage(error, TRY_AGAIN) }),
    });

  const resumeRenewal = () =>
    resume.mutate(undefined, {
      onSuccess: () => toast.success("Renewal resumed"),
      onError: (error) =>
        toast.error("Could not resume renewal", { description: errorMessage(error, TRY_AGAIN) }),
    });

  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: (url) => leavePage(url),
      onError: (error) =>
        toast.error("Could not open billing", { description: errorMessage(error, TRY_AGAIN) }),
    });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-xl font-bold break-all">@{owned.name}</span>
          {owned.provider === "test" ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
              Test mode
            </span>
          ) : null}
        </p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {owned.cancelAtPeriodEnd ? `Ends on ${until}` : `Renews on ${until}`}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {formatYearlyPrice(owned)}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {owned.provider === "stripe" ? (
          <Button
            variant="secondary"
            busy={portal.isPending || portal.isSuccess}
            onClick={openPortal}
          >
            Manage billing
          </Button>
        ) : null}
        {owned.cancelAtPeriodEnd ? (
          <Button busy={resume.isPending} onClick={resumeRenewal}>
            Resume renewal
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel renewal
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel renewal?"
        description={`@${owned.name} stays yours until ${until}. After that it lapses, and you can still renew it for a while.`}
        confirmLabel="Cancel renewal"
        cancelLabel="Keep renewal"
        busy={cancel.isPending}
        onConfirm={cancelRenewal}
      />
    </div>
  );
}
