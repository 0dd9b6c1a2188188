// spec-1 §2 / spec-2 §5: the post slug — emoji removed, first 8 space-separated words joined by
// hyphens, lower-cased, only a–z 0–9 and hyphen kept, cut to 40 characters; 'post' if empty.
// Pictographs, skin tones, flags, keycaps, joiners and variation selectors; never digits or # and *.
const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3|[\u{e0020}-\u{e007f}]/gu;
const SLUG_WORDS = 8;
const SLUG_MAX = 40;

export function postSlug(content: string): string {
  const words = content.replace(EMOJI, "").trim().split(/\s+/).filter(Boolean).slice(0, SLUG_WORDS);
  const slug = words
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, SLUG_MAX);
  return slug === "" ? "post" : slug;
}

export const POST_MAX = 500;
