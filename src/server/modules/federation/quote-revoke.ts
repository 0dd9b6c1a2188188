// Taking a post out of a quote across servers (docs/federation.md "Quotes"), as FEP-044f and
// Mastodon 4.5 do it: the quoted post's author deletes the quote's `QuoteAuthorization`.
// - Out: when our person takes their post out of a quote — ours (posts/quotes.ts) or one from
//   elsewhere whose server asked us (`fed_quote_approvals`) — a `Delete` of the authorization goes
//   to both authors' followers elsewhere and, for a quote from elsewhere, to its author.
// - In: a `Delete` of an authorization that a kept Note carried, from the server that issued it,
//   takes the quoted post out of that Note's card ("removed by its author").
import type { Context, InboxContext } from "@fedify/fedify";
import { Delete, PUBLIC_COLLECTION, QuoteAuthorization, type Recipient } from "@fedify/vocab";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import type { FederateMessage } from "../../outbox/messages";
import type { Outbox } from "../../outbox/outbox";
import { forgetFromElsewhere } from "../activity/record";
import { authorOfLivePost } from "../posts/federated";
import { detachByAuthorization, markNoteQuoteDetached, noteQuotingOurs } from "./note-queries";
import { actorById } from "./queries";
import { withdrawApproval } from "./quote-approval-queries";

type RevokeMessage = Extract<FederateMessage, { kind: "quote.revoke" }>;

/** Our person takes their post out of a kept post from elsewhere that quotes it; again, nothing
 * more; a quote that is not there, or not of a post of theirs, is 404. */
export async function detachQuoteElsewhere(
  deps: { db: Db; outbox: Outbox },
  { viewerId, noteId, now = new Date() }: { viewerId: string; noteId: string; now?: Date },
): Promise<{ detached: true }> {
  return deps.outbox.transaction(async (tx, fx) => {
    const note = await noteQuotingOurs(tx, noteId);
    const postId = note?.quotePostId ?? null;
    const authorId = postId ? await authorOfLivePost(tx, postId) : null;
    if (!note || !postId || authorId !== viewerId) throw notFound("Quote not found");
    if (!(await markNoteQuoteDetached(tx, { noteId, at: now }))) return { detached: true };
    await forgetFromElsewhere(tx, {
      recipientId: viewerId,
      fedActorId: note.actorId,
      types: ["QUOTE"],
      fedNoteId: noteId,
    });
    fx.publishAfterCommit({ type: "activity.created", recipientId: viewerId });
    const approval = await withdrawApproval(tx, { postId, quoteUri: note.uri });
    if (approval) {
      fx.federate({
        kind: "quote.revoke",
        userId: viewerId,
        authorizationId: approval,
        quote: { actorId: note.actorId },
      });
    }
    return { detached: true };
  });
}

/** Sends the `Delete` of the authorization, from the quoted post's author. */
export async function sendQuoteRevoke(
  ctx: Context<void>,
  db: Db,
  message: RevokeMessage,
  followersOf: (userId: string) => Promise<Recipient[]>,
) {
  const recipients = new Map<string, Recipient>();
  const add = (list: Recipient[]) => {
    for (const r of list) if (r.id) recipients.set(r.id.href, r);
  };
  add(await followersOf(message.userId));
  if ("userId" in message.quote) add(await followersOf(message.quote.userId));
  else {
    const author = await actorById(db, message.quote.actorId);
    if (author) {
      add([
        {
          id: new URL(author.uri),
          inboxId: new URL(author.inbox),
          endpoints: author.sharedInbox ? { sharedInbox: new URL(author.sharedInbox) } : null,
        },
      ]);
    }
  }
  if (recipients.size === 0) return;
  const actor = ctx.getActorUri(message.userId);
  const stamp = ctx.getObjectUri(QuoteAuthorization, { id: message.authorizationId });
  await ctx.sendActivity(
    { identifier: message.userId },
    [...recipients.values()],
    new Delete({
      id: new URL("#delete", stamp),
      actor,
      to: PUBLIC_COLLECTION,
      object: stamp,
    }),
    { preferSharedInbox: true, orderingKey: stamp.href },
  );
}

/** A `Delete` that withdraws an authorization a kept Note carried; false when it names none. */
export async function quoteAuthorizationDeleted(
  deps: { outbox: Outbox },
  _ctx: InboxContext<void>,
  del: Delete,
): Promise<boolean> {
  const uri = del.objectId?.href;
  const from = del.actorId?.origin;
  if (!uri || !from) return false;
  const detached = await deps.outbox.statement((db) =>
    detachByAuthorization(db, { uri, origin: from, at: new Date() }),
  );
  return detached.length > 0;
}
