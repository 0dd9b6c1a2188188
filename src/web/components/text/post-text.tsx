// A post's text as shown: its web addresses as links that open in a new tab (rel nofollow ugc,
// as every peer marks links people write), its mentions and hashtags as MentionText makes them.
// While its author's account is new (`linksInert`, set by the server: docs/safety.md "New
// accounts") the addresses stay plain text. Text from elsewhere keeps its addresses as text, as
// it was taken in (docs/federation.md "Posts from elsewhere").
import { linkSegments } from "../../../domain/first-link";
import { MentionText } from "./mention-text";

export function PostText({
  text,
  elsewhere = false,
  linksInert = false,
}: {
  text: string;
  elsewhere?: boolean;
  linksInert?: boolean;
}) {
  if (elsewhere || linksInert) return <MentionText text={text} elsewhere={elsewhere} />;
  let at = 0;
  return linkSegments(text).map((part) => {
    const start = at;
    at += part.text.length;
    if (part.kind === "text") return <MentionText key={start} text={part.text} />;
    return (
      <a
        key={start}
        href={part.text}
        target="_blank"
        rel="nofollow ugc noopener noreferrer"
        className="font-medium break-all text-primary hover:underline"
      >
        {part.text}
      </a>
    );
  });
}
