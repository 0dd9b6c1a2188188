// Cutting text for display without splitting a character as people see it: an emoji with its
// modifiers, a flag, a letter with its accents (Unicode grapheme clusters, via Intl.Segmenter).
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The text if it fits in `max` UTF-16 units; else its longest whole-grapheme start and "…". */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (end + segment.length > max - 1) break;
    end += segment.length;
  }
  return `${text.slice(0, end)}…`;
}
