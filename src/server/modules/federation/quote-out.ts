// A quote as other servers read it (docs/federation.md "Quotes"): the quoted post's id as
// `quoteUrl` (Fedify writes it as `quoteUrl`, Misskey's `_misskey_quote` and Fedibird's
// `quoteUri`), as FEP-044f's `quote`, and as a FEP-e232 object link in `tag`, plus a "RE: url" line
// for servers that read none of these. A detached or deleted quoted post is not linked. A quoted
// post from elsewhere is named by its own Note id, its author is addressed, and its server is asked
// to authorize the quote (quote-requests.ts).
import type { Context } from "@fedify/fedify";
import { InteractionRule, Link, Note, PUBLIC_COLLECTION } from "@fedify/vocab";
import type { PostView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import { quoteOfElsewhere } from "../posts/federated";
import { noteByUri } from "./note-queries";
import { actorById, type RemoteActorRow } from "./queries";

/** FEP-e232: the media type of a link to an ActivityStreams object. */
const OBJECT_LINK_TYPE = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/** The quoted post's Note id (ours, or its own server's for a post from elsewhere), when the post
 * quotes one it still shows. */
export function quotedNoteUri(ctx: Context<void>, post: PostView): URL | null {
  if (!post.quote || post.quote.unavailable) return null;
  return post.quote.remote
    ? new URL(post.quote.remote.uri)
    : ctx.getObjectUri(Note, { id: post.quote.id });
}

/** A quote of a post from elsewhere, as its Note names it: the quoted post's author, to whom it is
 * addressed (cc) and delivered, as Mastodon does, so they are told, and the FEP-044f authorization
 * their server gave it, once it did (quote-requests.ts). */
export interface QuotedElsewhere {
  author: RemoteActorRow;
  authorization: URL | null;
}

/** The post's quote of a post from elsewhere, while it still shows it; null otherwise. */
export async function quotedElsewhere(db: Db, post: PostView): Promise<QuotedElsewhere | null> {
  if (!post.quote || post.quote.unavailable || !post.quote.remote) return null;
  const [note, quote] = await Promise.all([
    noteByUri(db, post.quote.remote.uri),
    quoteOfElsewhere(db, post.id),
  ]);
  const author = note && (await actorById(db, note.actorId));
  if (!author) return null;
  const uri = quote?.authorizationUri;
  return { author, authorization: uri ? new URL(uri) : null };
}

/** The Note's properties that mark it as a quote of `quoted`. */
export function quoteProperties(quoted: URL | null) {
  if (!quoted) return { quote: null, quoteUrl: null, tags: [] };
  return {
    quote: quoted,
    quoteUrl: quoted,
    tags: [new Link({ href: quoted, mediaType: OBJECT_LINK_TYPE, name: `RE: ${quoted.href}` })],
  };
}

/** The "RE: url" line Misskey and Mastodon show when they do not read the quote itself. */
export function quoteFallbackHtml(quoted: URL | null): string {
  if (!quoted) return "";
  const href = quoted.href.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `<p class="quote-inline">RE: <a href="${href}">${href.replaceAll("<", "&lt;")}</a></p>`;
}

/** Who may quote the post without asking (FEP-044f `interactionPolicy.canQuote`): anyone, unless
 * its account is private, whose posts only their author is marked as quoting (and no one does:
 * docs/feed.md "Reposts and quotes"). Asking is answered by quote-approvals.ts. */
export const quoteRule = (ctx: Context<void>, post: PostView) =>
  new InteractionRule({
    automaticApproval:
      post.repostable === false ? ctx.getActorUri(post.author.userId) : PUBLIC_COLLECTION,
  });
