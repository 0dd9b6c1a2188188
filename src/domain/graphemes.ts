// Cutting text for display without splitting a character as people see it: an emoji with its
// modifiers, a flag, a letter with its accents (Unicode grapheme clusters, via Intl.Segmenter).
// Made on first use: a page's first use of Intl loads the browser's locale data (docs/performance.md
// "Lighthouse"), and most pages never cut a text.
let graphemes: Intl.Segmenter | undefined;

/** The text if it fits in `max` UTF-16 units; else its longest whole-grapheme start and "…". */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of graphemes.segment(text)) {
    if (end + segment.length > max - 1) break;
    end += segment.length;
  }
  return `${text.slice(0, end)}…`;
}
