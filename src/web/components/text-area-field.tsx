// Labelled multi-line input with an optional hint (e.g. a character counter) and an error.
import { clsx } from "clsx";
import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { describedByOf, FieldNotes, inputClass } from "./text-field";

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={clsx("space-y-1.5", className)}>
      <label
        htmlFor={id}
        className="block text-sm font-medium text-neutral-700 dark:text-neutral-300"
      >
        {label}
      </label>
      <textarea
        id={id}
        className={clsx(inputClass, "resize-y py-2.5 leading-6")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
