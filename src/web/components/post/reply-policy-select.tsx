// 'Who can reply' in the post composer (docs/safety.md "Who can reply and write"): a native select
// drawn as a small pill with the choice's icon, so it takes the keyboard, a phone's own picker and
// a screen reader as any select does; on a phone its text and padding are a little smaller, so the
// longest choice fits whole in the composer's column at 375 px.
import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { useId } from "react";
import {
  isWhoMay,
  REPLY_CHOICE_LABELS,
  WHO_MAY,
  type WhoMay,
} from "../../../domain/reply-controls";
import { WHO_MAY_ICONS } from "./reply-policy-icon";

export const WHO_CAN_REPLY = "Who can reply";

export function ReplyPolicySelect({
  value,
  onChange,
  disabled = false,
}: {
  value: WhoMay;
  onChange: (policy: WhoMay) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const Icon = WHO_MAY_ICONS[value];
  return (
    <div className="relative inline-flex max-w-full items-center">
      <label htmlFor={id} className="sr-only">
        {WHO_CAN_REPLY}
      </label>
      <Icon
        aria-hidden="true"
        size={16}
        className="pointer-events-none absolute left-3 text-sky-700 dark:text-sky-400"
      />
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isWhoMay(event.target.value)) onChange(event.target.value);
        }}
        className={clsx(
          "min-h-9 max-w-full appearance-none truncate rounded-full border border-neutral-200 bg-transparent py-1 pr-7 pl-8 text-[13px] font-medium sm:pr-8 sm:pl-9 sm:text-sm text-sky-700 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-500 disabled:opacity-60 dark:border-neutral-700 dark:text-sky-400 dark:hover:bg-neutral-800",
        )}
      >
        {WHO_MAY.map((policy) => (
          <option key={policy} value={policy}>
            {REPLY_CHOICE_LABELS[policy]}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        size={14}
        className="pointer-events-none absolute right-3 text-sky-700 dark:text-sky-400"
      />
    </div>
  );
}
