// Boosts from elsewhere (docs/federation.md "Posts from elsewhere"): someone one of our people
// follows announces a public Note, theirs or anyone's on any server. The Note is kept (fetched
// through the instance actor's signed document loader when only its id came, and only when it is
// public and its author's server is not suspended) and shows in their followers' home feeds at the
// boost's time, "Boosted by" them. Their Undo(Announce) takes it back; the Note's Delete takes
// every boost of it with it. A boost of one of our own posts tells its author (reposts-inbox.ts).
import type { InboxContext } from "@fedify/fedify";
import { type Announce, Note, type Undo } from "@fedify/vocab";
import { domainBlockOf } from "./block-queries";
import { deleteBoost, insertBoost } from "./boost-queries";
import { INSTANCE_ACTOR } from "./instance-actor";
import { insertNote, localFollowersOf, noteByUri } from "./note-queries";
import { noteFieldsOf, publicTextOf } from "./notes";
import type { NotesInboxDeps } from "./notes-inbox";
import { actorById, actorByUri } from "./queries";
import { rememberActor } from "./remote-actors";
import { fetchImagesLater } from "./remote-media";
import { announcedOurs, unannouncedOurs } from "./reposts-inbox";

const suspended = async (deps: NotesInboxDeps, host: string) =>
  (await domainBlockOf(deps.db, host)) === "suspend";

/** The announced Note, fetched from its own server, when it may be kept; with its author. */
async function announcedNote(deps: NotesInboxDeps, ctx: InboxContext<void>, announce: Announce) {
  const objectId = announce.objectId;
  if (!objectId || (await suspended(deps, objectId.host))) return null;
  const documentLoader = await ctx.getDocumentLoader({ identifier: INSTANCE_ACTOR });
  const loaders = { documentLoader, contextLoader: ctx.contextLoader };
  // An embedded Note from another server than the Announce's is fetched again by its id.
  const note = await announce.getObject(loaders).catch(() => null);
  if (!(note instanceof Note) || note.id?.href !== objectId.href) return null;
  const text = publicTextOf(note);
  // A server speaks only for its own people.
  if (text === null || note.attributionId?.origin !== objectId.origin) return null;
  const actorId = await rememberActor(
    deps.db,
    await note.getAttribution(loaders).catch(() => null),
  );
  const author = actorId ? await actorById(deps.db, actorId) : undefined;
  if (!author || author.uri !== note.attributionId.href || (await suspended(deps, author.host))) {
    return null;
  }
  return { note, text, author };
}

export async function announced(deps: NotesInboxDeps, ctx: InboxContext<void>, announce: Announce) {
  if (!announce.id || !announce.actorId || !announce.objectId) return;
  // One of our own posts boosted elsewhere: its author is told; its views are counted here only.
  if (announce.objectId.origin === ctx.canonicalOrigin) return announcedOurs(deps, ctx, announce);
  const booster = await actorByUri(deps.db, announce.actorId.href);
  if (!booster || (await localFollowersOf(deps.db, booster.id)).length === 0) return;
  const known = await noteByUri(deps.db, announce.objectId.href);
  const found = known ? null : await announcedNote(deps, ctx, announce);
  if (!known && !found) return;
  const fields =
    found &&
    (await noteFieldsOf(found.note, {
      text: found.text,
      actorId: found.author.id,
      localPostId: null,
    }));
  const at = announce.published ? new Date(announce.published.epochMilliseconds) : new Date();
  const boost = {
    uri: announce.id.href,
    actorId: booster.id,
    // A boost claimed to come from the future is shown as arriving now.
    publishedAt: at.getTime() > Date.now() ? new Date() : at,
  };
  await deps.outbox.transaction(async (tx, fx) => {
    let noteId = known?.id;
    if (fields && found) {
      noteId = (await insertNote(tx, fields)) ?? undefined;
      if (noteId) {
        fetchImagesLater(fx, { noteId, images: fields.attachments, actor: found.author });
      }
    }
    noteId ??= (await noteByUri(tx, announce.objectId?.href ?? ""))?.id;
    if (!noteId || !(await insertBoost(tx, { ...boost, noteId }))) return;
    fetchImagesLater(fx, { actor: booster });
    const userIds = await localFollowersOf(tx, booster.id);
    if (userIds.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds });
  });
}

export async function unannounced(
  deps: NotesInboxDeps,
  ctx: InboxContext<void>,
  undo: Undo,
  announce: Announce,
) {
  if (!undo.actorId || !announce.id || announce.actorId?.href !== undo.actorId.href) return;
  if (announce.objectId?.origin === ctx.canonicalOrigin) {
    return unannouncedOurs(deps, ctx, undo, announce);
  }
  const booster = await actorByUri(deps.db, undo.actorId.href);
  if (!booster) return;
  const uri = announce.id.href;
  await deps.outbox.transaction(async (tx, fx) => {
    if (!(await deleteBoost(tx, { uri, actorId: booster.id }))) return;
    const userIds = await localFollowersOf(tx, booster.id);
    if (userIds.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds });
  });
}
