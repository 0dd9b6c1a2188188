// zod helpers that validate a value against an option list, so the edit form and the server's
// schemas accept exactly the same choices.
import { z } from "zod";

export const NOT_IN_LIST = "Please choose a value from the list.";

/** A string that must be one of `values` (an OpenAPI enum). */
export function oneOf<const T extends string>(values: readonly T[], message = NOT_IN_LIST) {
  if (values.length === 0) throw new Error("oneOf needs at least one value");
  return z.enum(values as unknown as [T, ...T[]], { message });
}

/** spec-2 §5: text values are trimmed; empty or 'Select' values are saved as null. */
export function blankToNull(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" || trimmed === "Select" ? null : trimmed;
}

/** An optional choice: one of `values`, or null for blank / 'Select' / missing. */
export function optionalOneOf<const T extends string>(values: readonly T[], message = NOT_IN_LIST) {
  return z.preprocess(blankToNull, oneOf(values, message).nullable().optional());
}

/** An optional whole number in [min, max]; form strings such as '42' are accepted. */
export function optionalIntIn(min: number, max: number) {
  return z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === "string" && /^\d+$/.test(blank) ? Number(blank) : blank;
    },
    z
      .number({ message: `Please choose a number from ${min} to ${max}.` })
      .int()
      .min(min)
      .max(max)
      .nullable()
      .optional(),
  );
}

/** Optional free text, trimmed, blank → null. */
export function optionalText(maxLength: number) {
  return z.preprocess(blankToNull, z.string().max(maxLength).nullable().optional());
}
