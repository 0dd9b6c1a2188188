// Quotes (docs/feed.md "Reposts and quotes"): a post that embeds another, shown under its text as
// a card. The quoted post must be one its author may see and not a private account's (those are
// for followers only, as with reposts); its quotes_count moves in the quote's own transaction (a
// new quote, a deletion, a detaching), so it always equals its live, attached quotes. The quoted
// post's author may detach their post from a quote: the quote stays, its card says so. The quoted
// post's author is told in Activity in the quote's transaction; the quote's deletion, removal or
// detaching takes that back (docs/social-and-realtime.md "Reposts and quotes in Activity"). A post
// from elsewhere may be quoted too: its card is read through the federation port, and its author
// is told by their server (docs/federation.md "Quotes").
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { forbidden, notFound } from "../../errors";
import type { Effects, LiveEffects } from "../../outbox/outbox";
import { canSeePosts } from "../../policy/visibility";
import { forgetActivity, recordActivity } from "../activity/record";
import { tellByPush } from "../push/tell";
import { findLivePost } from "./queries";
import { bumpQuotes, detachedQuoteOf, markQuoteDetached } from "./quote-queries";
import { repostTarget } from "./repost-queries";

export const QUOTE_PRIVATE = "quote_private";

/** The post to quote, refused when the author may not see it or it is gone (404) or it is a
 * private account's (403 quote_private). */
export async function requireQuotable(
  db: Db,
  { viewerId, postId }: { viewerId: string; postId: string },
) {
  const post = await findLivePost(db, postId);
  if (!post || !(await canSeePosts(db, viewerId, post.userId))) {
    throw notFound("The quoted post is not there, or you may not see it.");
  }
  if ((await repostTarget(db, postId))?.privateAccount) {
    throw forbidden("Posts of a private account cannot be quoted.", QUOTE_PRIVATE);
  }
  return post;
}

/** The post from elsewhere to quote (its id in fed_notes), refused when it is gone or the author
 * may not be shown it: they block its author or are blocked by them, or its server is silenced or
 * suspended (404). Only public posts from elsewhere are kept, so each may be quoted. */
export async function requireQuotableNote(
  deps: Pick<AppContext, "federation">,
  db: Db,
  { viewerId, noteId }: { viewerId: string; noteId: string },
) {
  const cards = await deps.federation.quotedNoteCards(db, { noteIds: [noteId], viewerId });
  if (!cards.has(noteId)) throw notFound("The quoted post is not there, or you may not see it.");
}

/** Moves the quoted post's count by one quote and tells every instance (post caches); the
 * counter, or null when the quoted post is gone. */
async function moveQuoteCount(
  tx: Db,
  fx: Pick<LiveEffects, "publishAfterCommit">,
  {
    quoteOf,
    quoteId,
    by,
    detached = false,
  }: { quoteOf: string; quoteId: string; by: 1 | -1; detached?: boolean },
) {
  const counter = await bumpQuotes(tx, quoteOf, by);
  if (!counter) return null;
  fx.publishAfterCommit({
    type: "post.quoted",
    postId: quoteOf,
    quoteId,
    quotesCount: counter.count,
    detached,
  });
  return counter;
}

/** Counts a new quote on the quoted post, tells its author in Activity and every instance (post
 * caches). */
export async function countNewQuote(
  tx: Db,
  fx: Pick<Effects, "publishAfterCommit" | "push">,
  {
    quoteId,
    quoteOf,
    authorId,
    text,
    warning,
  }: { quoteId: string; quoteOf: string; authorId: string; text: string; warning: string | null },
) {
  const counter = await moveQuoteCount(tx, fx, { quoteOf, quoteId, by: 1 });
  if (!counter) return;
  const told = await recordActivity(tx, {
    recipientId: counter.userId,
    actorId: authorId,
    type: "QUOTE",
    postId: quoteId,
    postText: text,
    postWarning: warning,
  });
  if (!told) return;
  fx.publishAfterCommit({ type: "activity.created", recipientId: told });
  const notice = { kind: "repost" as const, actorId: authorId, postId: quoteOf, quote: quoteId };
  await tellByPush(tx, fx, { recipientId: told, notice });
}

/** As a quote is deleted or removed by a moderator (in its transaction, with what that changed):
 * the quoted post loses it from its count and its author's Activity, unless they had detached it
 * already. */
export async function uncountQuote(
  tx: Db,
  fx: Pick<LiveEffects, "publishAfterCommit">,
  {
    quoteId,
    authorId,
    quoteOf,
    quoteDetached,
  }: { quoteId: string; authorId: string; quoteOf: string | null; quoteDetached: boolean },
) {
  if (!quoteOf || quoteDetached) return;
  const counter = await moveQuoteCount(tx, fx, { quoteOf, quoteId, by: -1 });
  if (!counter) return;
  await forgetQuoteNotice(tx, fx, { quoteId, authorId, quotedAuthorId: counter.userId });
}

/** A removed quote a moderator restored counts on its quoted post again (unless detached); its
 * author is not told again. */
export async function recountQuote(
  tx: Db,
  fx: Pick<LiveEffects, "publishAfterCommit">,
  {
    quoteId,
    quoteOf,
    quoteDetached,
  }: { quoteId: string; quoteOf: string | null; quoteDetached: boolean },
) {
  if (!quoteOf || quoteDetached) return;
  await moveQuoteCount(tx, fx, { quoteOf, quoteId, by: 1 });
}

async function forgetQuoteNotice(
  tx: Db,
  fx: Pick<LiveEffects, "publishAfterCommit">,
  {
    quoteId,
    authorId,
    quotedAuthorId,
  }: { quoteId: string; authorId: string; quotedAuthorId: string },
) {
  if (authorId === quotedAuthorId) return;
  await forgetActivity(tx, {
    recipientId: quotedAuthorId,
    actorId: authorId,
    type: "QUOTE",
    postId: quoteId,
  });
  fx.publishAfterCommit({ type: "activity.created", recipientId: quotedAuthorId });
}

/** The quoted post's author removes their post from the quote: the quote stays, its card says
 * the post was removed, the count loses it. Detaching again changes nothing; a quote that is not
 * there, or not of a post of theirs, is 404. */
export async function detachQuote(
  deps: Pick<AppContext, "db" | "outbox" | "federation">,
  { viewerId, quoteId }: { viewerId: string; quoteId: string },
): Promise<{ detached: boolean; quotesCount: number }> {
  return deps.outbox.transaction(async (tx, fx) => {
    const detached = await markQuoteDetached(tx, { quoteId, quotedAuthorId: viewerId });
    if (!detached) {
      const already = await detachedQuoteOf(tx, { quoteId, quotedAuthorId: viewerId });
      if (!already) throw notFound("Quote not found");
      return { detached: true, quotesCount: already.quotesCount };
    }
    const counter = await moveQuoteCount(tx, fx, {
      quoteOf: detached.quoteOf,
      quoteId,
      by: -1,
      detached: true,
    });
    const quotesCount = counter?.count ?? 0;
    await forgetQuoteNotice(tx, fx, {
      quoteId,
      authorId: detached.authorId,
      quotedAuthorId: viewerId,
    });
    // Other servers shown the quote take the post out of it too (docs/federation.md "Quotes"):
    // its authorization is withdrawn and the quote's Note, sent again, links it no more.
    const quoteAuthor = detached.authorId;
    const theirsElsewhere = await deps.federation.reachesOtherServers(tx, quoteAuthor);
    if (theirsElsewhere || (await deps.federation.reachesOtherServers(tx, viewerId))) {
      fx.federate({
        kind: "quote.revoke",
        userId: viewerId,
        authorizationId: quoteId,
        quote: { userId: quoteAuthor },
      });
    }
    if (theirsElsewhere)
      fx.federate({ kind: "post.update", postId: quoteId, authorId: quoteAuthor });
    return { detached: true, quotesCount };
  });
}
