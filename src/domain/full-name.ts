// spec-1 §5, §9: full name is required and at most 20 characters. A name is what others see of a
// person, so it is normalised (NFC), loses the characters that only hide or reorder text (bidi
// controls, zero-width spaces anywhere; any invisible character at either end), and must show
// at least one visible character: a name of only U+3164 or zero-width spaces is no name.
export const FULL_NAME_MAX = 20;

/** Reorder or hide text wherever they stand: bidi controls, zero-width space, word joiner, BOM, soft hyphen. */
const HIDING = /[\p{Bidi_Control}\u200B\u2060-\u2064\uFEFF\u00AD\u180E]/gu;
/** Invisible where nothing joins: default-ignorables (ZWJ, fillers such as U+3164) and blanks. */
const INVISIBLE = "[\\p{Default_Ignorable_Code_Point}\\p{White_Space}\\u2800]";
const INVISIBLE_ENDS = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, "gu");
/** A character that shows: not blank, not a format or control code, not a lone combining mark. */
const VISIBLE = /[^\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cc}\p{Cf}\p{M}\u2800]/u;

export function normalizeFullName(raw: string): string {
  return raw.normalize("NFC").replace(HIDING, "").replace(/\s+/g, " ").replace(INVISIBLE_ENDS, "");
}

export function isValidFullName(name: string): boolean {
  const length = [...name].length;
  return length >= 1 && length <= FULL_NAME_MAX && VISIBLE.test(name);
}

/** The letters an avatar without a picture shows: the first and last names' first letters, or
 * the first two letters of a one-word name. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : (parts[0]?.slice(0, 2) ?? "?")
  ).toUpperCase();
}
