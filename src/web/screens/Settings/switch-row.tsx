// One on/off choice of Settings: its label and a sentence saying what it does, with the switch at
// the right (Radix Switch: a button with role 'switch', Space and Enter flip it).
import { clsx } from "clsx";
import { Switch } from "radix-ui";
import { useId } from "react";
import { muted } from "./settings-section";

/** A Radix switch's track and thumb, as every switch of Settings draws them. */
export const switchRootClass =
  "relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-neutral-300 transition-colors outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-sky-600 dark:bg-neutral-700 dark:data-[state=checked]:bg-sky-500";
export const switchThumbClass =
  "block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]";

export function SwitchRow({
  label,
  description,
  checked,
  onChange,
  className,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={clsx("flex min-h-14 items-center justify-between gap-4 py-3", className)}>
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className={`text-sm ${muted}`}>
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        aria-describedby={`${id}-description`}
        onCheckedChange={onChange}
        className={switchRootClass}
      >
        <Switch.Thumb className={switchThumbClass} />
      </Switch.Root>
    </div>
  );
}
