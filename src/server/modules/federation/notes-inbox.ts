// Posts that arrive from elsewhere (docs/federation.md "Posts from elsewhere"): a public Note whose
// author one of our people follows is kept; its author's Update replaces its text and their Delete
// removes it. Each change drops the cached first feed pages of the author's followers here.
import type { InboxContext } from "@fedify/fedify";
import { type Create, type Delete, Note, type Update } from "@fedify/vocab";
import type { Db } from "../../db/client";
import type { Outbox } from "../../outbox/outbox";
import { deleteNote, insertNote, localFollowersOf, updateNote } from "./note-queries";
import { publicTextOf } from "./notes";
import { actorByUri } from "./queries";

export interface NotesInboxDeps {
  db: Db;
  outbox: Outbox;
}

/** The sender's row, when the object is theirs (a server may only speak for its own people). */
async function authorOf(db: Db, activity: Create | Update | Delete, attributed: URL | null) {
  if (!activity.actorId || (attributed && attributed.href !== activity.actorId.href)) return null;
  return (await actorByUri(db, activity.actorId.href)) ?? null;
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

export async function noteCreated(deps: NotesInboxDeps, ctx: InboxContext<void>, create: Create) {
  const note = await create.getObject(ctx);
  if (!(note instanceof Note) || !note.id) return;
  const author = await authorOf(deps.db, create, note.attributionId);
  const text = publicTextOf(note);
  if (!author || text === null) return;
  const followers = await localFollowersOf(deps.db, author.id);
  if (followers.length === 0) return;
  const published = note.published ? new Date(note.published.epochMilliseconds) : new Date();
  await staleFeeds(deps, author.id, async (tx) =>
    Boolean(
      await insertNote(tx, {
        uri: note.id?.href ?? "",
        actorId: author.id,
        text,
        url:
          note.url instanceof URL ? note.url.href : (note.url?.href?.href ?? note.id?.href ?? null),
        inReplyTo: note.replyTargetId?.href ?? null,
        // A post claimed to come from the future is shown as arriving now.
        publishedAt: published.getTime() > Date.now() ? new Date() : published,
      }),
    ),
  );
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
  await staleFeeds(deps, author.id, (tx) => deleteNote(tx, { uri, actorId: author.id }));
}
