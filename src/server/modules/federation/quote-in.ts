// Quotes that arrive (docs/federation.md "Quotes"): the object a Note quotes, read from Fedify's
// `quoteUrl` (which reads `quoteUrl`, Misskey's `_misskey_quote` and Fedibird's `quoteUri`), from
// FEP-044f's `quote`, or from a FEP-e232 object link among its tags (nothing is fetched for them);
// and whether it is one of our posts, whose card is then shown as the reader may see it.
import type { InboxContext } from "@fedify/fedify";
import { Link, Note } from "@fedify/vocab";
import { z } from "zod";
import { TAGS_READ } from "./mentions-in";

/** FEP-e232: the media types that mark a link to an ActivityStreams object. */
const OBJECT_LINK_TYPES = [
  'application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
  "application/activity+json",
];

const postId = z.uuid();

async function objectLinkOf(note: Note): Promise<URL | null> {
  let read = 0;
  for await (const tag of note.getTags({ crossOrigin: "ignore", suppressError: true })) {
    if (++read > TAGS_READ) break;
    if (tag instanceof Link && tag.href && OBJECT_LINK_TYPES.includes(tag.mediaType ?? "")) {
      return tag.href;
    }
  }
  return null;
}

/** What the Note quotes: the object's id as sent, our post's id when it is one of ours, and the
 * FEP-044f authorization it carries when the quoted object's server issued it (only that server
 * may withdraw it: quote-revoke.ts). */
export async function quoteOfNote(
  ctx: InboxContext<void>,
  note: Note,
): Promise<{
  quoteUri: string | null;
  quotePostId: string | null;
  quoteAuthorizationUri: string | null;
}> {
  const uri = note.quoteUrl ?? note.quoteId ?? (await objectLinkOf(note));
  if (!uri) return { quoteUri: null, quotePostId: null, quoteAuthorizationUri: null };
  const parsed = ctx.parseUri(uri);
  const ours =
    parsed?.type === "object" && parsed.class === Note ? postId.safeParse(parsed.values.id) : null;
  const stamp = note.quoteAuthorizationId;
  return {
    quoteUri: uri.href,
    quotePostId: ours?.success ? ours.data : null,
    quoteAuthorizationUri: stamp && stamp.origin === uri.origin ? stamp.href : null,
  };
}
