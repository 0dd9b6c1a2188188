// Heights are stored as feet-and-inches text (5'10"), filtered in inches (spec-2 §3, §5, §9).

export const HEIGHT_MIN_INCHES = 48;
export const HEIGHT_MAX_INCHES = 84;

/** 5'10" for 70 inches. */
export function inchesToHeight(inches: number): string {
  return `${Math.floor(inches / 12)}'${inches % 12}"`;
}

/**
 * Inches of a feet-and-inches text; tolerant of spaces, curly quotes and a missing inch mark
 * (5'10", 5' 10, 5’10”, 6'). Null when the text is not a height.
 */
export function heightToInches(height: string): number | null {
  const match = /^\s*(\d)\s*['’′]\s*(?:(\d{1,2})\s*(?:["”″]|'')?)?\s*$/.exec(height);
  if (!match) return null;
  const inches = Number(match[2] ?? 0);
  if (inches > 11) return null;
  return Number(match[1]) * 12 + inches;
}

/** 4'0" … 7'0": the 37 choices of the profile editor. */
export const HEIGHTS: readonly string[] = Object.freeze(
  Array.from({ length: HEIGHT_MAX_INCHES - HEIGHT_MIN_INCHES + 1 }, (_, i) =>
    inchesToHeight(HEIGHT_MIN_INCHES + i),
  ),
);
