// Labelled text input with an optional hint and error, wired for screen readers.
import { clsx } from "clsx";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export const inputClass =
  "block w-full min-h-11 rounded-xl border border-neutral-300 bg-white px-3 text-base text-neutral-900 placeholder:text-neutral-400 focus:border-sky-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-sky-500 disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500 aria-invalid:border-red-500";

/** The ids that describe a field: its hint and its error, when shown. */
export function describedByOf(id: string, hint: unknown, error: unknown): string | undefined {
  return clsx(hint ? `${id}-hint` : null, error ? `${id}-error` : null) || undefined;
}

/** The visible label above a form control; `aside` sits at the right end of its row (a small
 * control of its own, such as who can see the field). */
export function FieldLabel({
  htmlFor,
  aside,
  children,
}: {
  htmlFor: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const label = (
    <label
      htmlFor={htmlFor}
      className="block min-w-0 text-sm font-medium text-neutral-700 dark:text-neutral-300"
    >
      {children}
    </label>
  );
  if (!aside) return label;
  return (
    <div className="flex min-h-6 items-center justify-between gap-2">
      {label}
      {aside}
    </div>
  );
}

/** A field's hint and error lines, referenced by the control's aria-describedby. */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  /** The input itself (React 19 passes it as a prop). */
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input box on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  /** A small control at the right of the label row. */
  labelAside?: ReactNode;
}

export function TextField({
  label,
  error,
  hint,
  trailing,
  labelAside,
  className,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={id} aside={labelAside}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          className={clsx(inputClass, trailing ? "pr-12" : null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The e-mail input every sign-in form uses. */
export function EmailField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={error}
      required
    />
  );
}
