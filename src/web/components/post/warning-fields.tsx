// The author's side of content warnings (docs/feed.md "Content warnings"): the warning's text, up to
// CONTENT_WARNING_MAX characters with its counter, and the switch that marks a post's image
// sensitive. The composer and 'Edit post' both use them.
import { clsx } from "clsx";
import { useId } from "react";
import { CONTENT_WARNING_MAX } from "../../../domain/limits";
import { FieldLabel, inputClass } from "../form/text-field";

const counterClass = (length: number) =>
  clsx(
    "text-xs tabular-nums",
    length >= CONTENT_WARNING_MAX
      ? "text-red-600 dark:text-red-400"
      : "text-neutral-500 dark:text-neutral-400",
  );

export function ContentWarningInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <FieldLabel
        htmlFor={id}
        aside={
          <span id={`${id}-count`} className={counterClass(value.length)}>
            {value.length}/{CONTENT_WARNING_MAX}
          </span>
        }
      >
        Content warning
      </FieldLabel>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={CONTENT_WARNING_MAX}
        placeholder="What is this post about? Readers see this first."
        aria-describedby={`${id}-count`}
        className={inputClass}
      />
    </div>
  );
}

export function SensitiveImageCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-neutral-700 dark:text-neutral-300">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-sky-600"
      />
      Mark image as sensitive (blurred until clicked)
    </label>
  );
}
