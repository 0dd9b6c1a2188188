// FEP-044f quote requests for our quotes of posts from elsewhere (docs/federation.md "Quotes"), as
// Mastodon 4.5 asks: the quote's Create is followed by a `QuoteRequest` to the quoted post's author
// (the quoted Note as `object`, the quoting Note as `instrument`). Their server's `Accept` names a
// `QuoteAuthorization` (`result`, on that server), which is kept on the quote
// (posts.quote_authorization_uri) and sent in an `Update` of its Note, so their server shows the
// quote as a card. A server without FEP-044f does not answer; a `Reject` changes nothing (the quote
// stays, without an authorization).
import type { Context, InboxContext } from "@fedify/fedify";
import { type Accept, Note, QuoteRequest } from "@fedify/vocab";
import type { Db } from "../../db/client";
import type { Outbox } from "../../outbox/outbox";
import { keepQuoteAuthorization, quoteOfElsewhere } from "../posts/federated";
import { noteById } from "./note-queries";
import { actorById, type RemoteActorRow } from "./queries";

/** The fragment of the quoting Note's id that names its request. */
const REQUEST = "quote-request";

/** Asks the quoted post's author to authorize our quote `note` of their post `target`. */
export async function askToQuote(
  ctx: Context<void>,
  {
    authorId,
    note,
    target,
    quoted,
  }: { authorId: string; note: Note; target: URL; quoted: RemoteActorRow },
) {
  if (!note.id) return;
  await ctx.sendActivity(
    { identifier: authorId },
    {
      id: new URL(quoted.uri),
      inboxId: new URL(quoted.inbox),
      endpoints: quoted.sharedInbox ? { sharedInbox: new URL(quoted.sharedInbox) } : null,
    },
    new QuoteRequest({
      id: new URL(`#${REQUEST}`, note.id),
      actor: ctx.getActorUri(authorId),
      object: target,
      instrument: note,
    }),
    { orderingKey: note.id.href },
  );
}

/** An `Accept` of one of our quote requests, by the quoted post's author, keeps the authorization
 * it names (one from their own server) and sends the quote's Note again with it; accepting again
 * changes nothing. False when the Accept answers no quote request (a follow's). */
export async function quoteAccepted(
  deps: { db: Db; outbox: Outbox },
  ctx: InboxContext<void>,
  accept: Accept,
): Promise<boolean> {
  const request = accept.objectId;
  if (request?.hash !== `#${REQUEST}`) return false;
  const quoting = new URL(request);
  quoting.hash = "";
  const parsed = ctx.parseUri(quoting);
  const result = accept.resultId;
  const actor = accept.actorId;
  if (parsed?.type !== "object" || parsed.class !== Note || !result || !actor) return true;
  if (result.origin !== actor.origin) return true;
  const postId = parsed.values.id ?? "";
  const quote = await quoteOfElsewhere(deps.db, postId);
  const note = quote && (await noteById(deps.db, quote.noteId));
  const author = note && (await actorById(deps.db, note.actorId));
  if (!quote || author?.uri !== actor.href) return true;
  await deps.outbox.transaction(async (tx, fx) => {
    const authorId = await keepQuoteAuthorization(tx, {
      postId,
      noteId: quote.noteId,
      uri: result.href,
    });
    if (authorId) {
      fx.federate({ kind: "post.update", postId, authorId, revision: "quote-authorized" });
    }
  });
  return true;
}
