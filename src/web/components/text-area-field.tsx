// Labelled multi-line input with an optional hint (e.g. a character counter) and an error.
import { clsx } from "clsx";
import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { inputClass } from "./text-field";

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = clsx(hint ? `${id}-hint` : null, error ? `${id}-error` : null) || undefined;
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
    </div>
  );
}
