// The Reserve Username dialog, loaded as it first opens (reserve-username-dialog.tsx) (spec-2 §2,
// §4, §5, §9): the typed name as @name, {site}/name and name@{mail domain}, its availability after
// a 500 ms pause, its yearly price, and 'Make it Yours', which starts the checkout (spec-2 §4
// "Username reservation"): the name becomes the pending username and the browser goes to the
// checkout page; a refusal is told in a toast (spec-2 §8 "Checkout").
import { clsx } from "clsx";
import { Check } from "lucide-react";
import { useId, useState } from "react";
import { formatYearlyPrice, priceTier } from "../../../domain/price-tiers";
import {
  normalizeUsername,
  USERNAME_MAX,
  USERNAME_MESSAGES,
  usernameProblem,
} from "../../../domain/username";
import { leavePage } from "../../lib/leave-page";
import { savePendingUsername } from "../../lib/pending-username";
import { useSite } from "../../lib/site-config";
import { toast } from "../../lib/toast";
import { useUsernameAvailability } from "../../state/queries/profiles";
import {
  CHECKOUT_MESSAGES,
  checkoutErrorText,
  useStartCheckoutMutation,
} from "../../state/queries/usernames";
import { Button } from "../controls/button";
import { Dialog } from "../dialog/dialog";
import { inputClass } from "../form/text-field";

export interface ReserveUsernameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The name the box starts with, e.g. a lapsed name to renew. */
  initialName?: string;
}

export default function ReserveUsername({
  open,
  onOpenChange,
  initialName = "",
}: ReserveUsernameDialogProps) {
  const { siteName } = useSite();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      width="md"
      title="Reserve Username"
      description={`Your username is your profile link and your ${siteName} mail address.`}
    >
      {/* Mounted only while open: every opening starts afresh. */}
      <ReserveUsernameBody initialName={initialName} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ReserveUsernameBody({
  initialName,
  onCancel,
}: {
  initialName: string;
  onCancel: () => void;
}) {
  const { mailDomain, publicUrl } = useSite();
  const id = useId();
  const [raw, setRaw] = useState(initialName);
  const checkout = useStartCheckoutMutation();
  // Stays busy after success too: the page is about to be replaced by the checkout page.
  const processing = checkout.isPending || checkout.isSuccess;
  const name = normalizeUsername(raw);
  const problem = raw === "" ? null : usernameProblem(raw);
  const availability = useUsernameAvailability(raw);
  const tier = problem === null ? priceTier(name) : null;
  const unavailableReason =
    availability.status === "unavailable"
      ? availability.reason
      : problem === "reserved"
        ? "reserved"
        : null;
  const message = unavailableReason
    ? USERNAME_MESSAGES[unavailableReason]
    : problem
      ? USERNAME_MESSAGES[problem]
      : null;
  const purchasable = name !== "" && problem === null && unavailableReason === null;
  const canReserve = purchasable && !processing;

  const startCheckout = () =>
    checkout.mutate(name, {
      onSuccess: (url) => {
        savePendingUsername(name);
        leavePage(url);
      },
      onError: (error) =>
        toast.error(CHECKOUT_MESSAGES.title, { description: checkoutErrorText(error) }),
    });

  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-neutral-700 dark:text-neutral-300"
        >
          Username
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-neutral-500"
          >
            @
          </span>
          <input
            id={id}
            type="text"
            value={raw}
            onChange={(event) => setRaw(event.target.value)}
            readOnly={processing}
            maxLength={USERNAME_MAX + 5}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="yourname"
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-status`}
            className={clsx(inputClass, "pl-7")}
          />
        </div>
        {/* One live line: 'Checking...', 'Available', or why the name cannot be had (spec-2 §5),
            told once. */}
        <div id={`${id}-status`} role="status" className="min-h-5 text-sm font-medium">
          {message ? (
            <div className="rounded-xl bg-red-50 px-3 py-2 font-normal text-red-800 dark:bg-red-950/60 dark:text-red-200">
              <p className="font-semibold">{message.title}</p>
              <p>{message.text}</p>
            </div>
          ) : availability.status === "checking" ? (
            <span className="text-neutral-500 dark:text-neutral-400">Checking...</span>
          ) : availability.status === "available" ? (
            <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
              <Check aria-hidden="true" size={16} /> Available
            </span>
          ) : null}
        </div>
      </div>

      {/* The link, the address and the price only for a name that can still be bought. */}
      {purchasable ? (
        <dl className="space-y-2 rounded-xl bg-neutral-50 p-3 text-sm dark:bg-neutral-950">
          <Preview term="Handle" value={`@${name}`} />
          <Preview term="Profile link" value={`${publicUrl}/${name}`} />
          <Preview term="Mail address" value={`${name}@${mailDomain}`} />
        </dl>
      ) : null}

      {purchasable && tier ? (
        <p className="flex items-baseline justify-between gap-3 text-sm">
          <span className="text-neutral-600 dark:text-neutral-400">{tier.label}</span>
          <span className="text-base font-bold">{formatYearlyPrice(tier)}</span>
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!canReserve} busy={processing} onClick={startCheckout}>
          {processing ? "Processing…" : "Make it Yours"}
        </Button>
      </div>
    </div>
  );
}

function Preview({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-3">
      <dt className="text-neutral-500 dark:text-neutral-400">{term}</dt>
      <dd className="font-medium break-all sm:text-right">{value}</dd>
    </div>
  );
}
