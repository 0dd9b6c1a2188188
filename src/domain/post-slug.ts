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

/**
 * The slugs a new post tries, in order: its words, then its words with a growing part of its id.
 * A post's path is unique per author (docs/feed.md "Post links"), so two posts with the same
 * opening words, or two emoji-only posts, both stay reachable; the suffix is stable (it comes
 * from the id), so a path never changes after it is handed out.
 */
export function slugCandidates(base: string, postId: string): string[] {
  const hex = postId.replace(/-/g, "").toLowerCase();
  return [base, `${base}-${hex.slice(0, 6)}`, `${base}-${hex.slice(0, 12)}`, `${base}-${hex}`];
}

export const POST_MAX = 500;
