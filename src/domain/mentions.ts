// Mentions in a post or comment (docs/social-and-realtime.md "Mentions"): `@handle` names one of
// our people, `@name@server.example` someone elsewhere. The web shows each as a link; the server
// tells the people named, the first MAX_MENTIONS of them, so one post cannot notify a crowd.

/** How many people one post or comment may notify (docs/social-and-realtime.md "Mentions"). */
export const MAX_MENTIONS = 10;

/** `@name` or `@name@host`, not inside a word or an e-mail address; a name's trailing dots,
 * dashes and underscores are the sentence's punctuation, not the name's. */
const MENTION =
  /(?<![\w@./-])@([a-z0-9._-]*[a-z0-9])(?:@([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+))?/gi;

export type MentionSegment =
  | { kind: "text"; text: string }
  /** `handle` is lower-cased: `ann`, or `zed@server.example` for someone elsewhere. */
  | { kind: "mention"; text: string; handle: string; elsewhere: boolean };

/** The text cut into plain runs and mentions, in order; joined, the parts are the text. */
export function mentionSegments(text: string): MentionSegment[] {
  const parts: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const [whole, name = "", host] = match;
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({
      kind: "mention",
      text: whole,
      handle: (host ? `${name}@${host}` : name).toLowerCase(),
      elsewhere: host !== undefined,
    });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** The distinct people the text names, in order of first mention, at most MAX_MENTIONS in all:
 * our people's handles and the `name@host` of people elsewhere. */
export function mentionsIn(text: string): { here: string[]; elsewhere: string[] } {
  const seen = new Set<string>();
  const here: string[] = [];
  const elsewhere: string[] = [];
  for (const part of mentionSegments(text)) {
    if (part.kind !== "mention" || seen.has(part.handle)) continue;
    if (seen.size === MAX_MENTIONS) break;
    seen.add(part.handle);
    (part.elsewhere ? elsewhere : here).push(part.handle);
  }
  return { here, elsewhere };
}
