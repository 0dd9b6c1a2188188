// Posts that arrive from elsewhere (docs/federation.md "Posts from elsewhere"): a public Note whose
// author one of our people follows is kept; its author's Update replaces its text and their Delete
// removes it. Each change drops the cached first feed pages of the author's followers here.
import type { InboxContext } from "@fedify/fedify";
import { type Create, type Delete, Note, type Update } from "@fedify/vocab";
import type { PostView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import type { Effects, Outbox } from "../../outbox/outbox";
import { bumpCommentsCount } from "../posts/for-comments";
import { deleteNote, insertNote, localFollowersOf, updateNote } from "./note-queries";
import { publicTextOf } from "./notes";
import { actorById, actorByUri } from "./queries";
import { rememberActor } from "./remote-actors";

export interface NotesInboxDeps {
  db: Db;
  outbox: Outbox;
  /** A post of ours as a signed-out visitor sees it; null when there is none to see. */
  publicPost(postId: string): Promise<PostView | null>;
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

/** The post of ours a Note replies to, when it is one a signed-out visitor may see. */
async function ourPostRepliedTo(deps: NotesInboxDeps, ctx: InboxContext<void>, note: Note) {
  if (!note.replyTargetId) return null;
  const parsed = ctx.parseUri(note.replyTargetId);
  if (parsed?.type !== "object" || parsed.class !== Note) return null;
  const postId = parsed.values.id ?? "";
  const post = await deps.publicPost(postId);
  return post ? postId : null;
}

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

/** Keeps a Note of someone followed here, or a reply to one of our posts (then a comment there). */
export async function noteCreated(deps: NotesInboxDeps, ctx: InboxContext<void>, create: Create) {
  const note = await create.getObject(ctx);
  if (!(note instanceof Note) || !note.id) return;
  const text = publicTextOf(note);
  if (text === null) return;
  const localPostId = await ourPostRepliedTo(deps, ctx, note);
  // A reply to one of our posts is kept whoever wrote it: a stranger is fetched and stored.
  const author =
    (await authorOf(deps.db, create, note.attributionId)) ??
    (localPostId ? await strangerOf(deps.db, ctx, create, note.attributionId) : null);
  if (!author) return;
  if (!localPostId && (await localFollowersOf(deps.db, author.id)).length === 0) return;
  const published = note.published ? new Date(note.published.epochMilliseconds) : new Date();
  const fields = {
    uri: note.id.href,
    actorId: author.id,
    text,
    url: note.url instanceof URL ? note.url.href : (note.url?.href?.href ?? note.id.href),
    inReplyTo: note.replyTargetId?.href ?? null,
    localPostId,
    // A post claimed to come from the future is shown as arriving now.
    publishedAt: published.getTime() > Date.now() ? new Date() : published,
  };
  await deps.outbox.transaction(async (tx, fx) => {
    if (!(await insertNote(tx, fields))) return;
    if (localPostId) await countReply(tx, fx, localPostId, 1);
    const userIds = await localFollowersOf(tx, author.id);
    if (userIds.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds });
  });
}

export async function noteUpdated(deps: NotesInboxDeps, ctx: InboxContext<void>, update: Update) {
  const note = await update.getObject(ctx);
  if (!(note instanceof Note) || !note.id) return;
  const author = await authorOf(deps.db, update, note.attributionId);
  const text = publicTextOf(note);
  if (!author || text === null) return;
  const uri = note.id.href;
  await staleFeeds(deps, author.id, (tx) =>
    updateNote(tx, { uri, actorId: author.id, text, updatedAt: new Date() }),
  );
}

export async function noteDeleted(deps: NotesInboxDeps, _ctx: InboxContext<void>, del: Delete) {
  const uri = del.objectId?.href;
  const author = await authorOf(deps.db, del, null);
  if (!uri || !author) return;
  await deps.outbox.transaction(async (tx, fx) => {
    const deleted = await deleteNote(tx, { uri, actorId: author.id });
    if (!deleted) return;
    if (deleted.localPostId) await countReply(tx, fx, deleted.localPostId, -1);
    const userIds = await localFollowersOf(tx, author.id);
    if (userIds.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds });
  });
}
