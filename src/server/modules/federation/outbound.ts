// What goes out (docs/federation.md "What goes out"): the outbox's `federate` rows become
// activities handed to Fedify, whose queue signs and delivers one request per inbox (a server's
// shared inbox where it has one) and retries failures. Each row reads the state as it is now: a
// post deleted before its Create went out sends nothing for the Create, and the ordering key of a
// post keeps its Create, Updates and Delete in order.

import { randomUUID } from "node:crypto";
import type { Context, Federation } from "@fedify/fedify";
import {
  Accept,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  type Recipient,
  Reject,
  Tombstone,
  Undo,
  Update,
} from "@fedify/vocab";
import type { PostView } from "../../../domain/contracts/posts";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { FederateMessage } from "../../outbox/messages";
import { type AudienceElsewhere, postsAudienceElsewhere } from "../../policy/elsewhere";
import { sendAnnounce, sendNoteAnnounce } from "./announce-out";
import { actorOf, addressedTo, noteOf, replyNoteOf } from "./federation";
import { flagByUri } from "./flag-queries";
import { INSTANCE_ACTOR } from "./instance-actor";
import { mentionedElsewhere } from "./mentions-out";
import { noteById } from "./note-queries";
import { actorById, actorByUri, type RemoteActorRow, remoteFollowersOf } from "./queries";
import { quotedElsewhere, quotedNoteUri } from "./quote-out";
import { askToQuote } from "./quote-requests";
import { sendQuoteRevoke } from "./quote-revoke";
import { replyWithNote } from "./reply-queries";

const FOLLOWERS_PAGE = 5_000;

export interface OutboundDeps {
  db: Db;
  config: Config;
  base: string;
  federation: Federation<void>;
  /** A post to send, and its audience elsewhere; null when it goes nowhere. */
  postToFederate(postId: string): Promise<{ post: PostView; audience: AudienceElsewhere } | null>;
}

/** Everyone on other servers who follows `userId`, as Fedify's recipients. */
async function remoteFollowers(db: Db, userId: string): Promise<Recipient[]> {
  const recipients: Recipient[] = [];
  let after: { at: Date; actorId: string } | undefined;
  for (;;) {
    const page = await remoteFollowersOf(db, { userId, limit: FOLLOWERS_PAGE, after });
    for (const row of page) {
      recipients.push({
        id: new URL(row.uri),
        inboxId: new URL(row.inbox),
        endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
      });
    }
    if (page.length < FOLLOWERS_PAGE) return recipients;
    const last = page[page.length - 1];
    after = last ? { at: last.createdAt, actorId: last.actorId } : undefined;
  }
}

/** People elsewhere as Fedify's recipients. */
const recipientsOf = (actors: RemoteActorRow[]): Recipient[] =>
  actors.map((a) => ({
    id: new URL(a.uri),
    inboxId: new URL(a.inbox),
    endpoints: a.sharedInbox ? { sharedInbox: new URL(a.sharedInbox) } : null,
  }));

/** A post's Create, Update or Delete, to the author's followers elsewhere and (a public post's
 * Create, Update) the people elsewhere it mentions (docs/federation.md "Mentions"); a private
 * account's to its approved followers only ("Posts"). */
async function sendPost(ctx: Context<void>, deps: OutboundDeps, message: FederateMessage) {
  if (!("postId" in message && "authorId" in message)) return;
  const { postId, authorId } = message;
  const found = message.kind === "post.delete" ? null : await deps.postToFederate(postId);
  if (message.kind !== "post.delete" && !found) return;
  const post = found?.post ?? null;
  const audience = found?.audience ?? (await postsAudienceElsewhere(deps.db, authorId));
  if (!audience) return;
  const mentioned =
    post && audience === "public"
      ? await mentionedElsewhere(ctx, deps.db, { text: post.content, authorId, lookUp: true })
      : [];
  // The author of the post from elsewhere it quotes is told as one it mentions is (docs/federation.md
  // "Quotes").
  const elsewhere = post && audience === "public" ? await quotedElsewhere(deps.db, post) : null;
  const quotedAuthor = elsewhere?.author;
  const named =
    quotedAuthor && !mentioned.some((a) => a.uri === quotedAuthor.uri)
      ? [...mentioned, quotedAuthor]
      : mentioned;
  const followers = await remoteFollowers(deps.db, authorId);
  const recipients = [
    ...followers,
    ...recipientsOf(named.filter((a) => !followers.some((f) => f.id?.href === a.uri))),
  ];
  if (recipients.length === 0) return;
  const actor = ctx.getActorUri(authorId);
  const noteId = ctx.getObjectUri(Note, { id: postId });
  const addressed = { actor, ...addressedTo(ctx, authorId, audience, named) };
  let activity: Create | Update | Delete;
  let note: Note | null = null;
  if (!post) {
    activity = new Delete({
      ...addressed,
      id: new URL(`#delete`, noteId),
      object: new Tombstone({ id: noteId }),
    });
  } else {
    const object = noteOf(ctx, post, deps.base, { audience, mentioned, elsewhere });
    note = object;
    activity =
      message.kind === "post.create"
        ? new Create({ ...addressed, id: new URL("#create", noteId), object })
        : new Update({
            ...addressed,
            id: new URL(`#update-${message.revision ?? Date.parse(post.updatedAt)}`, noteId),
            object,
          });
  }
  await ctx.sendActivity({ identifier: authorId }, recipients, activity, {
    preferSharedInbox: true,
    orderingKey: noteId.href,
  });
  // docs/federation.md "Quotes": the quoted post's server is asked to authorize the quote.
  const target = post && quotedNoteUri(ctx, post);
  if (message.kind === "post.create" && note && target && elsewhere && !elsewhere.authorization) {
    await askToQuote(ctx, { authorId, note, target, quoted: elsewhere.author });
  }
}

async function sendFollow(
  ctx: Context<void>,
  deps: OutboundDeps,
  message: Extract<FederateMessage, { kind: "follow" | "unfollow" }>,
) {
  const target = await actorById(deps.db, message.actorId);
  if (!target) return;
  const me = ctx.getActorUri(message.userId);
  const follow = new Follow({
    id: new URL(message.followUri),
    actor: me,
    object: new URL(target.uri),
  });
  const activity =
    message.kind === "follow"
      ? follow
      : new Undo({ id: new URL("#undo", message.followUri), actor: me, object: follow });
  await ctx.sendActivity(
    { identifier: message.userId },
    { id: new URL(target.uri), inboxId: new URL(target.inbox), endpoints: null },
    activity,
    { orderingKey: message.followUri },
  );
}

async function sendLike(ctx: Context<void>, deps: OutboundDeps, message: FederateMessage) {
  if (!("noteId" in message)) return;
  const note = await noteById(deps.db, message.noteId);
  const author = note ? await actorById(deps.db, note.actorId) : undefined;
  if (!note || !author) return;
  const me = ctx.getActorUri(message.userId);
  const like = new Like({ id: new URL(message.likeUri), actor: me, object: new URL(note.uri) });
  const activity =
    message.kind === "like"
      ? like
      : new Undo({ id: new URL("#undo", message.likeUri), actor: me, object: like });
  await ctx.sendActivity(
    { identifier: message.userId },
    { id: new URL(author.uri), inboxId: new URL(author.inbox), endpoints: null },
    activity,
    { orderingKey: message.likeUri },
  );
}

async function sendReply(ctx: Context<void>, deps: OutboundDeps, replyId: string) {
  const reply = await replyWithNote(deps.db, replyId);
  if (!reply) return;
  const mentioned = await mentionedElsewhere(ctx, deps.db, {
    text: reply.content,
    authorId: reply.userId,
    lookUp: true,
  });
  const note = replyNoteOf(ctx, reply, mentioned);
  const recipients = [
    { id: new URL(reply.authorUri), inboxId: new URL(reply.authorInbox), endpoints: null },
    ...(await remoteFollowers(deps.db, reply.userId)),
    ...recipientsOf(mentioned.filter((a) => a.uri !== reply.authorUri)),
  ];
  await ctx.sendActivity(
    { identifier: reply.userId },
    recipients,
    new Create({
      id: new URL("#create", note.id ?? undefined),
      actor: ctx.getActorUri(reply.userId),
      to: PUBLIC_COLLECTION,
      ccs: note.ccIds,
      object: note,
    }),
    { preferSharedInbox: true, orderingKey: note.id?.href },
  );
}

/** A report forwarded to the reported person's server, from the instance actor. */
async function sendFlag(ctx: Context<void>, deps: OutboundDeps, flagUri: string) {
  const flag = await flagByUri(deps.db, flagUri);
  const [personUri, ...notes] = flag?.objects ?? [];
  const person = personUri ? await actorByUri(deps.db, personUri) : undefined;
  if (!flag || !person) return;
  const me = ctx.getActorUri(INSTANCE_ACTOR);
  await ctx.sendActivity(
    { identifier: INSTANCE_ACTOR },
    {
      id: new URL(person.uri),
      inboxId: new URL(person.inbox),
      endpoints: person.sharedInbox ? { sharedInbox: new URL(person.sharedInbox) } : null,
    },
    new Flag({
      id: new URL(flag.flagUri),
      actor: me,
      objects: [new URL(person.uri), ...notes.map((uri) => new URL(uri))],
      content: flag.content,
    }),
    { preferSharedInbox: true },
  );
}

/** One of our people blocked, or unblocked, someone elsewhere. */
async function sendBlock(
  ctx: Context<void>,
  deps: OutboundDeps,
  message: Extract<FederateMessage, { kind: "block" | "unblock" }>,
) {
  const target = await actorById(deps.db, message.actorId);
  if (!target) return;
  const me = ctx.getActorUri(message.userId);
  const block = new Block({
    id: new URL(message.blockUri),
    actor: me,
    object: new URL(target.uri),
  });
  await ctx.sendActivity(
    { identifier: message.userId },
    { id: new URL(target.uri), inboxId: new URL(target.inbox), endpoints: null },
    message.kind === "block"
      ? block
      : new Undo({ id: new URL("#undo", message.blockUri), actor: me, object: block }),
    { orderingKey: message.blockUri },
  );
}

/** A private account's owner answered a follow request from elsewhere. */
async function sendAnswer(
  ctx: Context<void>,
  deps: OutboundDeps,
  message: Extract<FederateMessage, { kind: "accept" | "reject" }>,
) {
  const follower = await actorById(deps.db, message.actorId);
  if (!follower) return;
  const me = ctx.getActorUri(message.userId);
  const follow = new Follow({
    id: new URL(message.followUri),
    actor: new URL(follower.uri),
    object: me,
  });
  const Kind = message.kind === "accept" ? Accept : Reject;
  await ctx.sendActivity(
    { identifier: message.userId },
    { id: new URL(follower.uri), inboxId: new URL(follower.inbox), endpoints: null },
    new Kind({ id: new URL(`#answers/${randomUUID()}`, me), actor: me, object: follow }),
  );
}

/** The person's actor as it stands now, to their followers elsewhere. */
async function sendActorUpdate(ctx: Context<void>, deps: OutboundDeps, userId: string) {
  const recipients = await remoteFollowers(deps.db, userId);
  const actor = await actorOf(ctx, userId, deps);
  if (recipients.length === 0 || !actor || actor instanceof Tombstone) return;
  const id = ctx.getActorUri(userId);
  await ctx.sendActivity(
    { identifier: userId },
    recipients,
    new Update({
      id: new URL(`#updates/${Date.now()}`, id),
      actor: id,
      to: PUBLIC_COLLECTION,
      object: actor,
    }),
    { preferSharedInbox: true, orderingKey: id.href },
  );
}

/** The person's account is gone: their actor's Delete, signed with the keys that outlive it. */
async function sendActorDelete(
  ctx: Context<void>,
  message: Extract<FederateMessage, { kind: "actor.delete" }>,
) {
  const id = ctx.getActorUri(message.userId);
  await ctx.sendActivity(
    { identifier: message.userId },
    message.recipients.map((r) => ({
      id: new URL(r.uri),
      inboxId: new URL(r.inbox),
      endpoints: r.sharedInbox ? { sharedInbox: new URL(r.sharedInbox) } : null,
    })),
    new Delete({ id: new URL("#delete", id), actor: id, to: PUBLIC_COLLECTION, object: id }),
    { preferSharedInbox: true, orderingKey: id.href },
  );
}

/** The outbox's `federate` handler. */
export function federateHandler(deps: OutboundDeps) {
  return async (message: FederateMessage): Promise<void> => {
    const ctx = deps.federation.createContext(new URL(deps.base));
    switch (message.kind) {
      case "follow":
      case "unfollow":
        return sendFollow(ctx, deps, message);
      case "like":
      case "unlike":
        return sendLike(ctx, deps, message);
      case "reply":
        return sendReply(ctx, deps, message.replyId);
      case "announce":
      case "announce.undo":
        return sendAnnounce(ctx, deps, message, (userId) => remoteFollowers(deps.db, userId));
      case "note.announce":
      case "note.announce.undo":
        return sendNoteAnnounce(
          ctx,
          {
            db: deps.db,
            authorOf: async (actorId) => {
              const author = await actorById(deps.db, actorId);
              return author ? (recipientsOf([author])[0] ?? null) : null;
            },
          },
          message,
          (userId) => remoteFollowers(deps.db, userId),
        );
      case "flag":
        return sendFlag(ctx, deps, message.flagUri);
      case "accept":
      case "reject":
        return sendAnswer(ctx, deps, message);
      case "block":
      case "unblock":
        return sendBlock(ctx, deps, message);
      case "actor.update":
        return sendActorUpdate(ctx, deps, message.userId);
      case "actor.delete":
        return sendActorDelete(ctx, message);
      case "quote.revoke":
        return sendQuoteRevoke(ctx, deps.db, message, (userId) => remoteFollowers(deps.db, userId));
      default:
        return sendPost(ctx, deps, message);
    }
  };
}
