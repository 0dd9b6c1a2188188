// What our text becomes in an activity (docs/federation.md "Posts"): escaped HTML, a paragraph per
// blank-line-separated block and a <br> per line break, and each mention of someone elsewhere
// the Note tags a link to them, as Mastodon writes its own (docs/federation.md "Mentions"); with
// `tagsAt`, each `#tag` a link to its page here (docs/federation.md "Hashtags").
import { hashtagSegments } from "../../../domain/hashtags";
import { mentionSegments } from "../../../domain/mentions";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Someone elsewhere a Note mentions: their `name@host` and their page. */
interface MentionLink {
  handle: string;
  url: string;
}

/** `@name@host` as Mastodon marks up a mention it links. */
const mentionHtml = (handle: string, url: string) =>
  `<span class="h-card" translate="no"><a href="${escapeHtml(url)}" class="u-url mention">@<span>${escapeHtml(handle.split("@")[0] ?? handle)}</span></a></span>`;

/** `#tag` as Mastodon marks up a hashtag: a link to the tag's page on the writer's server. */
const hashtagHtml = (name: string, url: string) =>
  `<a href="${escapeHtml(url)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(name)}</span></a>`;

/** The page of a tag under `tagsAt` (the public URL's `/tags/`). */
export const tagUrl = (tagsAt: string, key: string) => `${tagsAt}${encodeURIComponent(key)}`;

export function textToHtml(text: string, mentions: MentionLink[] = [], tagsAt?: string): string {
  const links = new Map(mentions.map((m) => [m.handle.toLowerCase(), m.url]));
  const plain = (run: string) => escapeHtml(run).replace(/\n/g, "<br>");
  const tagged = (run: string) =>
    tagsAt === undefined
      ? plain(run)
      : hashtagSegments(run)
          .map((part) =>
            part.kind === "tag"
              ? hashtagHtml(part.name, tagUrl(tagsAt, part.key))
              : plain(part.text),
          )
          .join("");
  const inline = (block: string) =>
    mentionSegments(block)
      .map((part) => {
        const url = part.kind === "mention" ? links.get(part.handle) : undefined;
        return part.kind === "mention" && url ? mentionHtml(part.handle, url) : tagged(part.text);
      })
      .join("");
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${inline(block)}</p>`)
    .join("");
}
