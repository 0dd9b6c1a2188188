// Posts that arrive from elsewhere (docs/federation.md "Posts from elsewhere"): a public Note whose
// author one of our people follows, that replies to one of our posts (and its 'Who can reply'
// lets its author in) or that mentions our people is kept (and its reply and mentions told in Activity: notices.ts), with its hashtags when it
// replies to nothing; its author's Update replaces its text and tags and their Delete removes it.
// Each change drops the cached first feed pages of the author's followers here.
import type { InboxContext } from "@fedify/fedify";
import { type Create, type Delete, Note, type Update } from "@fedify/vocab";
import type { PostView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import type { Effects, Outbox } from "../../outbox/outbox";
import { remoteMayReply } from "../../policy/replies";
import { bumpCommentsCount } from "../posts/for-comments";
import { boostersFollowersOf } from "./boost-queries";
import { hashtagsOf } from "./hashtags-in";
import { mentionedHere } from "./mentions-in";
import {
  deleteNote,
  insertFollowedNote,
  insertNote,
  localFollowersOf,
  updateNote,
} from "./note-queries";
import { addNoteTags, setNoteTags } from "./note-tag-queries";
import { noteFieldsOf, publicTextOf, warningOf } from "./notes";
import { noteNoticed } from "./notices";
import { actorById, actorByUri } from "./queries";
import { quoteOfNote } from "./quote-in";
import { rememberActor } from "./remote-actors";
import { fetchImagesLater, iconToFetch } from "./remote-media";

export interface NotesInboxDeps {
  db: Db;
  outbox: Outbox;
  /** A post of ours as the person elsewhere at `actorUri` sees it; null when they may not. */
  postSeenBy(postId: string, actorUri: string | null): Promise<PostView | null>;
}

/** The sender's row, when the object is theirs (a server may only speak for its own people). */
async function authorOf(db: Db, activity: Create | Update | Delete, attributed: URL | null) {
  if (!activity.actorId || (attributed && attributed.href !== activity.actorId.href)) return null;
  return (await actorByUri(db, activity.actorId.href)) ?? null;
}

/** The sender, fetched from their server and stored, when the object is theirs. */
async function strangerOf(db: Db, ctx: InboxContext<void>, create: Create, attributed: URL | null) {
  if (!create.actorId || (attributed && attributed.href !== create.actorId.href)) return null;
  const actorId = await rememberActor(db, await create.getActor(ctx));
  return actorId ? ((await actorById(db, actorId)) ?? null) : null;
}

async function staleFeeds(
  deps: NotesInboxDeps,
  actorId: string,
  change: (tx: Db) => Promise<boolean>,
) {
  await deps.outbox.transaction(async (tx, fx) => {
    if (!(await change(tx))) return;
    const userIds = await localFollowersOf(tx, actorId);
    if (userIds.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds });
  });
}

/** The post of ours a Note replies to, when its author may see it. */
async function ourPostRepliedTo(deps: NotesInboxDeps, ctx: InboxContext<void>, note: Note) {
  if (!note.replyTargetId) return null;
  const parsed = ctx.parseUri(note.replyTargetId);
  if (parsed?.type !== "object" || parsed.class !== Note) return null;
  return deps.postSeenBy(parsed.values.id ?? "", note.attributionId?.href ?? null);
}

/** Our post a Note quotes, when its author may see it. */
const ourPostSeen = (deps: NotesInboxDeps, postId: string | null, note: Note) =>
  postId ? deps.postSeenBy(postId, note.attributionId?.href ?? null) : Promise.resolve(null);

/** A reply from elsewhere counts among the post's comments, in the same transaction. */
async function countReply(
  tx: Db,
  fx: Pick<Effects, "publishAfterCommit">,
  postId: string,
  delta: number,
) {
  const post = await bumpCommentsCount(tx, postId, delta);
  if (post) fx.publishAfterCommit({ type: "post.counted", postId, commentsCount: post.count });
}

/** The tags a Note is listed under here: its hashtags, unless it is a reply (our comments are not
 * listed either: docs/feed.md "Hashtags"). */
const tagsOf = (note: Note) => (note.replyTargetId ? Promise.resolve([]) : hashtagsOf(note));

/** Keeps a Note of someone followed here, or a reply to one of our posts (then a comment there). */
export async function noteCreated(deps: NotesInboxDeps, ctx: InboxContext<void>, create: Create) {
  const note = await create.getObject(ctx);
  if (!(note instanceof Note) || !note.id) return;
  const text = publicTextOf(note);
  if (text === null) return;
  const target = await ourPostRepliedTo(deps, ctx, note);
  // A reply the post's 'Who can reply' leaves out is no comment there, and does not reach the
  // post's author as a mention either (docs/federation.md "Replies").
  const writer = note.attributionId?.href ?? create.actorId?.href ?? "";
  const admitted =
    target === null ||
    (await remoteMayReply(deps.db, {
      actorUri: writer,
      post: { authorId: target.author.userId, replyPolicy: target.replyPolicy ?? "everyone" },
    }));
  const repliedTo = admitted ? target : null;
  const localPostId = repliedTo?.id ?? null;
  const mentioned = (await mentionedHere(ctx, note)).filter(
    (userId) => admitted || userId !== target?.author.userId,
  );
  const quote = await quoteOfNote(ctx, note);
  const quoted = await ourPostSeen(deps, quote.quotePostId, note);
  // A reply to one of our posts, a quote of one, or a mention of our people, is kept whoever wrote
  // it: a stranger is fetched and stored.
  const noticed = localPostId !== null || mentioned.length > 0 || quoted !== null;
  const author =
    (await authorOf(deps.db, create, note.attributionId)) ??
    (noticed ? await strangerOf(deps.db, ctx, create, note.attributionId) : null);
  if (!author) return;
  const userIds = await localFollowersOf(deps.db, author.id);
  if (!noticed && userIds.length === 0) return;
  const fields = {
    ...(await noteFieldsOf(note, { text, actorId: author.id, localPostId })),
    ...quote,
  };
  const tags = await tagsOf(note);
  if (!noticed && tags.length === 0 && fields.attachments.length === 0 && !iconToFetch(author)) {
    // A followed person's post and nothing else to write: one statement (outbox.ts "statement").
    await deps.outbox.statement(async (db, fx) => {
      if (await insertFollowedNote(db, fields)) {
        fx.publishAfterCommit({ type: "feed.stale", userIds });
      }
    });
    return;
  }
  await deps.outbox.transaction(async (tx, fx) => {
    const noteId = await insertNote(tx, fields);
    if (!noteId) return;
    await addNoteTags(tx, { noteId, tags });
    fetchImagesLater(fx, { noteId, images: fields.attachments, actor: author });
    if (localPostId) await countReply(tx, fx, localPostId, 1);
    await noteNoticed(tx, fx, {
      actor: author,
      noteId,
      text,
      warning: fields.summary ?? null,
      repliedTo: repliedTo && {
        postId: repliedTo.id,
        authorId: repliedTo.author.userId,
        text: repliedTo.content,
      },
      quoted: quoted && {
        postId: quoted.id,
        authorId: quoted.author.userId,
        text: quoted.content,
      },
      mentioned,
    });
    if (userIds.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds });
    // It enters the feeds of the people here who follow one of its tags (docs/federation.md).
    if (tags.length > 0) fx.publishAfterCommit({ type: "feed.tagged", tags });
  });
}

export async function noteUpdated(deps: NotesInboxDeps, ctx: InboxContext<void>, update: Update) {
  const note = await update.getObject(ctx);
  if (!(note instanceof Note) || !note.id) return;
  const author = await authorOf(deps.db, update, note.attributionId);
  const text = publicTextOf(note);
  if (!author || text === null) return;
  const uri = note.id.href;
  const tags = await tagsOf(note);
  await staleFeeds(deps, author.id, async (tx) => {
    const noteId = await updateNote(tx, {
      uri,
      actorId: author.id,
      text,
      ...warningOf(note),
      updatedAt: new Date(),
    });
    if (noteId === null) return false;
    await setNoteTags(tx, { noteId, tags });
    return true;
  });
}

export async function noteDeleted(deps: NotesInboxDeps, _ctx: InboxContext<void>, del: Delete) {
  const uri = del.objectId?.href;
  const author = await authorOf(deps.db, del, null);
  if (!uri || !author) return;
  await deps.outbox.transaction(async (tx, fx) => {
    // Read before the post goes: its boosts go with it, from their boosters' followers' feeds too.
    const boosted = await boostersFollowersOf(tx, uri);
    const deleted = await deleteNote(tx, { uri, actorId: author.id });
    if (!deleted) return;
    if (deleted.localPostId) await countReply(tx, fx, deleted.localPostId, -1);
    const userIds = [...new Set([...(await localFollowersOf(tx, author.id)), ...boosted])];
    if (userIds.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds });
  });
}
