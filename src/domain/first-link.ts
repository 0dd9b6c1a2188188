// The links of a post's text: the first http or https address written out in it is the one its
// preview card is for (docs/feed.md "Link previews"), without the punctuation that ends the
// sentence around it and without its #fragment; the composer asks for its card, and the server
// takes a card for a post only when it is for this link. Every such address is a link in the
// post as shown (`linkSegments`), but while its author's account is new (docs/safety.md "New
// accounts").

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

/** An address as written, without the sentence's closing punctuation. */
function trimmed(written: string): string {
  const link = written.replace(TRAILING, "");
  // A closing parenthesis the link opened stays: https://en.wikipedia.org/wiki/Foo_(bar)
  return written.slice(link.length).startsWith(")") && link.includes("(") ? `${link})` : link;
}

/** The text's first link, normalized; null when it has none. */
export function firstLink(text: string): string | null {
  const match = LINK.exec(text);
  return match ? normalLink(trimmed(match[0])) : null;
}

export type LinkSegment =
  | { kind: "text"; text: string }
  /** `text` as written, which is also where it goes. */
  | { kind: "link"; text: string };

const LINKS = new RegExp(LINK.source, "gi");

/** The text cut into plain runs and its links (each address `firstLink` would take, as written,
 * fragment and all); joined, the parts are the text. */
export function linkSegments(text: string): LinkSegment[] {
  const parts: LinkSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKS)) {
    const link = trimmed(match[0]);
    if (normalLink(link) === null) continue;
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "link", text: link });
    last = match.index + link.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
