// FEP-044f quote authorizations (docs/federation.md "Quotes"), as Mastodon 4.5 asks for them: a
// quote shows as a card there only with a `QuoteAuthorization` from the quoted post's server.
// - Someone elsewhere asks to quote one of our posts (`QuoteRequest`, its quoting Note as
//   `instrument`): a post they may see, of an account that is not private, is approved (`Accept`,
//   with the authorization as `result`); a private account's post is refused (`Reject`). A post
//   they may not see is not answered, as if it did not exist.
// - Our quotes of our own posts carry their authorization (`quoteAuthorization`, served for the
//   quote's id) themselves.
// Each authorization is served at /ap/quote-approvals/{id} while it holds: while the post is public
// and, for our own quote, while it still quotes it.
import { randomUUID } from "node:crypto";
import type { Context, Federation, InboxContext } from "@fedify/fedify";
import { Accept, Note, QuoteAuthorization, type QuoteRequest, Reject } from "@fedify/vocab";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { NotesInboxDeps } from "./notes-inbox";
import { approveQuote, quoteApprovalById } from "./quote-approval-queries";
import { rememberActor } from "./remote-actors";

const approvalId = z.uuid();

/** The authorization for `quote` to quote our post `postId`, by its author. */
const authorization = (
  ctx: Context<void>,
  id: string,
  { authorId, quote, postId }: { authorId: string; quote: URL; postId: string },
) =>
  new QuoteAuthorization({
    id: ctx.getObjectUri(QuoteAuthorization, { id }),
    attribution: ctx.getActorUri(authorId),
    interactingObject: quote,
    interactionTarget: ctx.getObjectUri(Note, { id: postId }),
  });

/** Where our quote of our post `quoteId` finds its authorization. */
export const quoteAuthorizationUri = (ctx: Context<void>, quoteId: string) =>
  ctx.getObjectUri(QuoteAuthorization, { id: quoteId });

export function serveQuoteAuthorizations(
  federation: Federation<void>,
  deps: Pick<NotesInboxDeps, "postSeenBy"> & { db: Db },
) {
  federation.setObjectDispatcher(
    QuoteAuthorization,
    "/ap/quote-approvals/{id}",
    async (ctx, { id }) => {
      if (!approvalId.safeParse(id).success) return null;
      const approval = await quoteApprovalById(deps.db, id);
      if (approval) {
        const post = await deps.postSeenBy(approval.postId, null);
        if (!post || post.repostable === false) return null;
        const quote = new URL(approval.quoteUri);
        return authorization(ctx, id, { authorId: post.author.userId, quote, postId: post.id });
      }
      // Our own quote of our own post: authorized by the quoted post's author while it quotes it
      // (a post from elsewhere is not ours to authorize).
      const card = (await deps.postSeenBy(id, null))?.quote;
      if (!card || card.unavailable || card.remote) return null;
      const quote = ctx.getObjectUri(Note, { id });
      return authorization(ctx, id, { authorId: card.author.userId, quote, postId: card.id });
    },
  );
}

export async function quoteRequested(
  deps: NotesInboxDeps,
  ctx: InboxContext<void>,
  request: QuoteRequest,
) {
  const { id, actorId, objectId, instrumentId: quote } = request;
  if (!id || !actorId || !objectId || !quote) return;
  // A server asks only for its own people's Notes.
  if (id.origin !== actorId.origin || quote.origin !== actorId.origin) return;
  const parsed = ctx.parseUri(objectId);
  if (parsed?.type !== "object" || parsed.class !== Note) return;
  const post = await deps.postSeenBy(parsed.values.id ?? "", actorId.href);
  if (!post) return;
  const requester = await request.getActor(ctx);
  if (requester?.id?.href !== actorId.href) return;
  const me = ctx.getActorUri(post.author.userId);
  const answer = (Kind: typeof Accept | typeof Reject, result: URL | null = null) =>
    ctx.sendActivity(
      { identifier: post.author.userId },
      requester,
      new Kind({
        id: new URL(`#quote-answers/${randomUUID()}`, me),
        actor: me,
        object: request,
        result,
      }),
    );
  if (post.repostable === false) return answer(Reject);
  const requesterId = await rememberActor(deps.db, requester);
  if (!requesterId) return;
  const approved = await approveQuote(deps.db, {
    postId: post.id,
    actorId: requesterId,
    quoteUri: quote.href,
  });
  await answer(Accept, ctx.getObjectUri(QuoteAuthorization, { id: approved }));
}
