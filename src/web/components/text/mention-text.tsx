// Text as written, with its mentions and hashtags as links (docs/social-and-realtime.md
// "Mentions", docs/feed.md "Hashtags"): `@handle` to that person's profile here,
// `@name@server.example` to their page here (`/@name@server…`), `#tag` to the tag's page.
// In text from elsewhere (`elsewhere`), a bare `@name` is someone on the writer's server, not
// ours, so only full handles link.
import { Link } from "react-router";
import { hashtagSegments } from "../../../domain/hashtags";
import { mentionSegments } from "../../../domain/mentions";

const linkClass = "font-medium text-primary hover:underline";

/** A run of text with its tags as links; `at` is where it starts in the whole text (the keys). */
function TaggedText({ text, at }: { text: string; at: number }) {
  let offset = at;
  return hashtagSegments(text).map((part) => {
    const start = offset;
    offset += part.text.length;
    if (part.kind === "text") return part.text;
    return (
      <Link key={start} to={`/tags/${encodeURIComponent(part.key)}`} className={linkClass}>
        {part.text}
      </Link>
    );
  });
}

export function MentionText({ text, elsewhere = false }: { text: string; elsewhere?: boolean }) {
  let at = 0;
  return mentionSegments(text).map((part) => {
    const start = at;
    at += part.text.length;
    if (part.kind === "text") return <TaggedText key={start} text={part.text} at={start} />;
    if (elsewhere && !part.elsewhere) return part.text;
    return (
      <Link
        key={start}
        to={part.elsewhere ? `/@${part.handle}` : `/${part.handle}`}
        className={linkClass}
      >
        {part.text}
      </Link>
    );
  });
}
