// A labelled native select with a 'Select' empty choice (unless told none), an optional hint and an
// error.
import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { describedByOf, FieldLabel, FieldNotes, inputClass } from "./text-field";

interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "value" | "onChange"> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly (string | number)[];
  error?: string | undefined;
  hint?: string | undefined;
  /** Text of the empty choice; null: no empty choice (one of the options is always chosen). */
  placeholder?: string | null;
  /** A small control at the right of the label row. */
  labelAside?: ReactNode;
}

export function SelectField({
  label,
  value,
  onValueChange,
  options,
  error,
  hint,
  placeholder = "Select",
  labelAside,
  className,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  const describedBy = describedByOf(id, hint, error);
  // A stored value missing from the list still shows, so nothing changes by merely looking.
  const choices =
    value !== "" && !options.map(String).includes(value) ? [value, ...options] : options;
  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={id} aside={labelAside}>
        {label}
      </FieldLabel>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(inputClass, "appearance-none pr-10")}
          {...rest}
        >
          {placeholder === null ? null : <option value="">{placeholder}</option>}
          {choices.map((option) => (
            <option key={option} value={String(option)}>
              {option}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          size={18}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-neutral-500"
        />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
