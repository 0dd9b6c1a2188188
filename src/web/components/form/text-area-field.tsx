// Labelled multi-line input with an optional hint (e.g. a character counter) and an error.
import { clsx } from "clsx";
import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { describedByOf, FieldLabel, FieldNotes, inputClass } from "./text-field";

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
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
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
