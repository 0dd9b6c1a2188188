// Reposts of our posts from elsewhere (docs/federation.md "Activity from elsewhere"): someone's
// `Announce` of one of our posts they may see tells its author in Activity ('reposted your post'),
// once however often it arrives (notices.ts); their `Undo(Announce)` takes it back, and keeps the
// Announce's id a day, so an Announce that arrives after its own Undo (a delivery retried behind
// it) tells nobody (undone-activities.ts). Nothing is counted: a post's reposts_count is its
// reposts here (docs/feed.md "Reposts and quotes").
import type { InboxContext } from "@fedify/fedify";
import { type Announce, Note, type Undo } from "@fedify/vocab";
import type { NotesInboxDeps } from "./notes-inbox";
import { repostNoticed, repostUndone } from "./notices";
import { actorByUri } from "./queries";
import { rememberActor } from "./remote-actors";
import { rememberUndone, wasUndone } from "./undone-activities";

/** The id of our post an Announce names, or null when it names none. */
function announcedPostId(ctx: InboxContext<void>, announce: Announce): string | null {
  if (!announce.objectId) return null;
  const parsed = ctx.parseUri(announce.objectId);
  if (parsed?.type !== "object" || parsed.class !== Note) return null;
  return parsed.values.id ?? null;
}

export async function announcedOurs(
  deps: NotesInboxDeps,
  ctx: InboxContext<void>,
  announce: Announce,
) {
  const postId = announcedPostId(ctx, announce);
  if (!postId || !announce.actorId) return;
  if (await wasUndone(deps.db, "announce", announce.id)) return;
  const post = await deps.postSeenBy(postId, announce.actorId.href);
  if (!post) return;
  const actorId = await rememberActor(deps.db, await announce.getActor(ctx));
  if (!actorId) return;
  await deps.outbox.transaction((tx, fx) =>
    repostNoticed(tx, fx, {
      authorId: post.author.userId,
      actorId,
      postId: post.id,
      postText: post.content,
    }),
  );
}

export async function unannouncedOurs(
  deps: NotesInboxDeps,
  ctx: InboxContext<void>,
  undo: Undo,
  announce: Announce,
) {
  const postId = announcedPostId(ctx, announce);
  if (!postId || !undo.actorId) return;
  // Kept even from someone not known here yet: their Announce may be what would introduce them.
  await rememberUndone(deps.db, "announce", announce.id);
  const actor = await actorByUri(deps.db, undo.actorId.href);
  if (!actor) return;
  await deps.outbox.transaction((tx) => repostUndone(tx, { actorId: actor.id, postId }));
}
