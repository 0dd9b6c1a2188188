// The search panel's controls (spec-2 §2 filter fields): a choice with 'Any', a range of two
// number selects (age, height in feet and inches, kids), and a group of checkboxes (zodiac, race).
// Unset is `undefined` throughout, so an untouched field never reaches the URL.
import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { SelectField } from "../../components/form/select-field";
import {
  describedByOf,
  FieldLabel,
  FieldNotes,
  inputClass,
} from "../../components/form/text-field";

export const ANY = "Any";

const legendClass = "text-sm font-medium text-neutral-700 dark:text-neutral-300";

export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  value: T | undefined;
  options: readonly T[];
  onChange: (value: T | undefined) => void;
  disabled?: boolean;
  hint?: string | undefined;
}) {
  return (
    <SelectField
      label={label}
      value={value ?? ""}
      options={options}
      placeholder={ANY}
      disabled={disabled}
      hint={hint}
      onValueChange={(next) => onChange(next === "" ? undefined : (next as T))}
    />
  );
}

export interface NumberOption {
  value: number;
  label: string;
}

export function NumberSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
  className,
}: {
  label: string;
  value: number | undefined;
  options: readonly NumberOption[];
  onChange: (value: number | undefined) => void;
  disabled?: boolean;
  hint?: string | undefined;
  className?: string;
}) {
  const id = useId();
  // A value from a hand-typed URL that is not a choice still shows, as the select field does.
  const choices =
    value === undefined || options.some((option) => option.value === value)
      ? options
      : [{ value, label: String(value) }, ...options];
  return (
    <div className={clsx("min-w-0 space-y-1.5", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="relative">
        <select
          id={id}
          value={value === undefined ? "" : String(value)}
          disabled={disabled}
          aria-describedby={describedByOf(id, hint, undefined)}
          onChange={(event) =>
            onChange(event.target.value === "" ? undefined : Number(event.target.value))
          }
          className={clsx(inputClass, "appearance-none pr-9")}
        >
          <option value="">{ANY}</option>
          {choices.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          size={18}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-neutral-500"
        />
      </div>
      <FieldNotes id={id} hint={hint} />
    </div>
  );
}

/** Two selects under one legend; their labels ('Min age', 'Max age') name them on their own. */
export function RangeField({
  legend,
  labels,
  options,
  min,
  max,
  onChange,
}: {
  legend: string;
  labels: [string, string];
  options: readonly NumberOption[];
  min: number | undefined;
  max: number | undefined;
  onChange: (range: { min: number | undefined; max: number | undefined }) => void;
}) {
  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className={legendClass}>{legend}</legend>
      <div className="flex gap-3 [&_label]:text-xs [&_label]:font-normal">
        <NumberSelect
          className="flex-1"
          label={labels[0]}
          value={min}
          options={options}
          onChange={(next) => onChange({ min: next, max })}
        />
        <NumberSelect
          className="flex-1"
          label={labels[1]}
          value={max}
          options={options}
          onChange={(next) => onChange({ min, max: next })}
        />
      </div>
    </fieldset>
  );
}

export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[] | undefined;
  onChange: (value: T[] | undefined) => void;
}) {
  const chosen = new Set(value ?? []);
  const toggle = (option: T, on: boolean) => {
    const next = options.filter((o) => (o === option ? on : chosen.has(o)));
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <fieldset className="col-span-full min-w-0">
      <legend className={clsx(legendClass, "mb-1.5")}>{legend}</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-0.5 sm:grid-cols-3 lg:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200"
          >
            <input
              type="checkbox"
              checked={chosen.has(option)}
              onChange={(event) => toggle(option, event.target.checked)}
              className="size-4 shrink-0 accent-sky-600"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
