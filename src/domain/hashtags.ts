// Hashtags in a post or comment (docs/feed.md "Hashtags"): `#word` names a tag. A tag is letters
// (any script, with their combining marks), digits and `_`, not digits alone; it starts after a
// space or punctuation (not after a letter, a digit, `_`, `#`, `&` or `/`), never inside a web
// address, and ends at the first other character, so trailing punctuation and emoji are not part
// of it. Tags compare by their key (NFKC, lower-cased); a post keeps its first MAX_POST_TAGS.

/** The longest tag, in characters of its text as written; a longer run is no tag. */
export const TAG_MAX_LENGTH = 100;

/** How many distinct tags one post indexes; the rest stay plain text there. */
export const MAX_POST_TAGS = 10;

const TAG_BODY = "[\\p{L}\\p{M}\\p{N}_]";
const HASHTAG = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_#&/])#(${TAG_BODY}+)`, "gu");
const TAG_ONLY = new RegExp(`^${TAG_BODY}{1,${TAG_MAX_LENGTH}}$`, "u");
/** A web address: a scheme and `//`, or `www.`, up to the next space. */
const WEB_ADDRESS = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.)\S+/giu;
const DIGITS_ONLY = /^\p{N}+$/u;

/** The key a tag is stored and linked by: NFKC, then lower case (`Café` and `CAFÉ` are one). */
export const tagKey = (name: string) => name.normalize("NFKC").toLowerCase();

/** The key of a tag named in an address or a request (`café`, `Café`, with or without its `#`),
 * or null when it cannot be a tag. */
export function parseTagName(raw: string): string | null {
  const name = raw.startsWith("#") ? raw.slice(1) : raw;
  if (!TAG_ONLY.test(name) || DIGITS_ONLY.test(name)) return null;
  const key = tagKey(name);
  return TAG_ONLY.test(key) && !DIGITS_ONLY.test(key) ? key : null;
}

export type HashtagSegment =
  | { kind: "text"; text: string }
  /** `name` as written (`Café`), `key` as stored (`café`). */
  | { kind: "tag"; text: string; name: string; key: string };

/** The text cut into plain runs and tags, in order; joined, the parts are the text. */
export function hashtagSegments(text: string): HashtagSegment[] {
  const addresses = [...text.matchAll(WEB_ADDRESS)].map((m) => [m.index, m.index + m[0].length]);
  const parts: HashtagSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const [whole, name = ""] = match;
    const inAddress = addresses.some(
      ([from = 0, to = 0]) => match.index >= from && match.index < to,
    );
    const key = parseTagName(name);
    if (inAddress || key === null) continue;
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "tag", text: whole, name, key });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** The distinct tags of a text in order of first use, at most MAX_POST_TAGS, each with the form
 * it was first written in. */
export function hashtagsIn(text: string): { key: string; name: string }[] {
  const tags = new Map<string, string>();
  for (const part of hashtagSegments(text)) {
    if (part.kind !== "tag" || tags.has(part.key)) continue;
    if (tags.size === MAX_POST_TAGS) break;
    tags.set(part.key, part.name);
  }
  return [...tags].map(([key, name]) => ({ key, name }));
}
