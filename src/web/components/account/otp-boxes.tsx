// Six single-digit boxes for the one-time code (spec-1 §2, §5): typing advances, Backspace goes
// back, a paste into any box keeps the first six digits, and six filled boxes complete the code.
// A `selected` code (a refused one, kept so the person sees what they typed) is replaced as a
// whole by the next digit, paste or Backspace, like selected text; a click in a box edits it.
import { clsx } from "clsx";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from "react";
import { digitsFromPaste, OTP_LENGTH } from "../../../domain/otp";

export const emptyDigits = (): string[] => Array.from({ length: OTP_LENGTH }, () => "");

interface OtpBoxesProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  onComplete?: (code: string) => void;
  disabled?: boolean;
  selected?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  describedBy?: string | undefined;
}

export function OtpBoxes({
  digits,
  onChange,
  onComplete,
  disabled = false,
  selected = false,
  invalid = false,
  autoFocus = false,
  describedBy,
}: OtpBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  // The boxes were disabled while the code was checked; the refused code gets the focus back.
  useEffect(() => {
    if (!selected || disabled) return;
    const first = inputs.current[0];
    first?.focus();
    first?.select();
  }, [selected, disabled]);

  const commit = (next: string[], focusIndex: number) => {
    onChange(next);
    focusBox(focusIndex);
    if (next.every((d) => d !== "")) onComplete?.(next.join(""));
  };

  /** Places digits starting at `index`; six or more digits (paste, SMS autofill) start at box 1. */
  const place = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, "");
    if (typed === "") return;
    const start = selected || typed.length >= OTP_LENGTH ? 0 : index;
    const chars = (typed.length >= OTP_LENGTH ? digitsFromPaste(typed) : typed).split("");
    const next = selected ? emptyDigits() : [...digits];
    chars.forEach((char, k) => {
      if (start + k < OTP_LENGTH) next[start + k] = char;
    });
    commit(next, Math.min(start + chars.length, OTP_LENGTH - 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      place(index, event.key);
    } else if (selected && (event.key === "Backspace" || event.key === "Delete")) {
      event.preventDefault();
      onChange(emptyDigits());
      focusBox(0);
    } else if (event.key === "Backspace") {
      event.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = "";
        onChange(next);
      } else if (index > 0) {
        next[index - 1] = "";
        onChange(next);
        focusBox(index - 1);
      }
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onInput = (index: number, value: string) => {
    if (selected) {
      if (value === "") onChange(emptyDigits());
      else place(index, value);
    } else if (value === "") {
      const next = [...digits];
      next[index] = "";
      onChange(next);
    } else {
      // The box already held a digit: keep only what was typed over it.
      const previous = digits[index] ?? "";
      place(index, previous ? value.replace(previous, "") || previous : value);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = digitsFromPaste(event.clipboardData.getData("text"));
    if (pasted === "") return;
    const next = emptyDigits();
    pasted.split("").forEach((char, k) => {
      next[k] = char;
    });
    commit(next, Math.min(pasted.length, OTP_LENGTH - 1));
  };

  return (
    <fieldset
      className="mx-0 flex min-w-0 justify-center gap-2 border-0 p-0 sm:gap-3"
      aria-describedby={describedBy}
    >
      <legend className="sr-only">Verification code</legend>
      {digits.map((digit, index) => (
        <input
          // The boxes are a fixed set of six positions.
          // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
          key={index}
          ref={(el) => {
            inputs.current[index] = el;
          }}
          value={digit}
          // Mobile keyboards that send no key code, and SMS autofill, arrive here.
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          // A click picks one digit of the kept code to fix.
          onPointerDown={() => {
            if (selected) onChange(digits);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: the code entry is the only task on this step
          autoFocus={autoFocus && index === 0}
          className={clsx(
            "h-12 w-0 min-w-9 max-w-12 flex-1 rounded-xl border text-center text-xl font-semibold tabular-nums text-neutral-900 dark:text-neutral-100",
            "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-sky-500 disabled:opacity-60",
            invalid ? "border-red-500" : "border-neutral-300 dark:border-neutral-700",
            selected ? "bg-sky-100 dark:bg-sky-900/60" : "bg-white dark:bg-neutral-900",
          )}
        />
      ))}
    </fieldset>
  );
}
