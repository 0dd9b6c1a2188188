// The link a post's preview card is for (docs/feed.md "Link previews"): the first http or https
// address written out in the text, without the punctuation that ends the sentence around it and
// without its #fragment. The composer asks for its card, and the server takes a card for a post
// only when it is for this link.

/** Longest link a preview is made for. */
export const LINK_MAX = 2048;

const LINK = /\bhttps?:\/\/[^\s<>"'`]+/i;
/** Closing punctuation that belongs to the sentence, not the link. */
const TRAILING = /[.,:;!?)\]}*_]+$/;

/** The link normalized as the preview cache keys it, or null for anything else. */
export function normalLink(text: string): string | null {
  if (text.length > LINK_MAX) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password || !url.hostname.includes(".")) return null;
    url.hash = "";
    return url.toString();
  } catch {
    return null;
  }
}

/** The text's first link, normalized; null when it has none. */
export function firstLink(text: string): string | null {
  const match = LINK.exec(text);
  if (!match) return null;
  let link = match[0].replace(TRAILING, "");
  // A closing parenthesis the link opened stays: https://en.wikipedia.org/wiki/Foo_(bar)
  if (match[0].slice(link.length).startsWith(")") && link.includes("(")) link += ")";
  return normalLink(link);
}
