// The Reserve Username dialog (spec-2 §2, §4, §5, §9): the typed name as @name, {site}/name and
// name@{mail domain}, its availability after a 500 ms pause, its yearly price, and 'Make it
// Yours'. Payments are not built yet, so that button says so instead of pretending.
import { clsx } from "clsx";
import { Check, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { toast } from "sonner";
import { formatYearlyPrice, priceTier } from "../../../domain/price-tiers";
import {
  normalizeUsername,
  USERNAME_MAX,
  USERNAME_MESSAGES,
  usernameProblem,
} from "../../../domain/username";
import { Button } from "../../components/button";
import { inputClass } from "../../components/text-field";
import { useUsernameAvailability } from "../../state/queries/profiles";

export const CHECKOUT_NOT_READY = "Checkout is not available yet.";

interface ReserveUsernameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product's mail domain, e.g. 'chtcht.com' (from the profile's chtcht address). */
  mailDomain: string;
}

export function ReserveUsernameDialog({
  open,
  onOpenChange,
  mailDomain,
}: ReserveUsernameDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 motion-safe:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-3 top-1/2 z-50 max-h-[90dvh] -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:p-6 dark:bg-neutral-900">
          {/* Mounted only while open: every opening starts empty. */}
          <ReserveUsernameBody mailDomain={mailDomain} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReserveUsernameBody({ mailDomain }: { mailDomain: string }) {
  const id = useId();
  const [raw, setRaw] = useState("");
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
  const canReserve = name !== "" && problem === null && availability.status !== "unavailable";
  const origin = window.location.origin;

  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <Dialog.Title className="text-lg font-bold">Reserve Username</Dialog.Title>
          <Dialog.Description className="text-sm text-neutral-600 dark:text-neutral-400">
            Your username is your profile link and your chtcht mail address.
          </Dialog.Description>
        </div>
        <Dialog.Close
          aria-label="Close"
          className="-mt-1 -mr-1 flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          <X aria-hidden="true" size={20} />
        </Dialog.Close>
      </div>

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
            maxLength={USERNAME_MAX + 5}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="yourname"
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-status ${id}-message`}
            className={clsx(inputClass, "pl-7")}
          />
        </div>
        <p id={`${id}-status`} role="status" className="min-h-5 text-sm font-medium">
          {availability.status === "checking" ? (
            <span className="text-neutral-500 dark:text-neutral-400">Checking...</span>
          ) : availability.status === "available" ? (
            <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
              <Check aria-hidden="true" size={16} /> Available
            </span>
          ) : availability.status === "unavailable" ? (
            <span className="inline-flex items-center gap-1 text-red-700 dark:text-red-400">
              <X aria-hidden="true" size={16} /> Unavailable
            </span>
          ) : null}
        </p>
        <div id={`${id}-message`}>
          {message ? (
            <div className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
              <p className="font-semibold">{message.title}</p>
              <p>{message.text}</p>
            </div>
          ) : null}
        </div>
      </div>

      {name !== "" && problem !== "invalid" && problem !== "length" ? (
        <dl className="space-y-2 rounded-xl bg-neutral-50 p-3 text-sm dark:bg-neutral-950">
          <Preview term="Handle" value={`@${name}`} />
          <Preview term="Profile link" value={`${origin}/${name}`} />
          <Preview term="Mail address" value={`${name}@${mailDomain}`} />
        </dl>
      ) : null}

      {tier ? (
        <p className="flex items-baseline justify-between gap-3 text-sm">
          <span className="text-neutral-600 dark:text-neutral-400">{tier.label}</span>
          <span className="text-base font-bold">{formatYearlyPrice(tier)}</span>
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button disabled={!canReserve} onClick={() => toast.info(CHECKOUT_NOT_READY)}>
          Make it Yours
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
