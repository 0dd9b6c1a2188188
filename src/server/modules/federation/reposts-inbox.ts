// Reposts of our posts from elsewhere (docs/federation.md "Activity from elsewhere"): someone's
// `Announce` of one of our posts they may see tells its author in Activity ('reposted your post'),
// once however often it arrives (notices.ts); their `Undo(Announce)` takes it back, and is
// remembered for a day by the Announce's id, so an Announce that arrives after its own Undo (a
// delivery retried behind it) tells nobody. Nothing is counted: a post's reposts_count is its
// reposts here (docs/feed.md "Reposts and quotes").
import type { InboxContext } from "@fedify/fedify";
import { type Announce, Note, type Undo } from "@fedify/vocab";
import type { NotesInboxDeps } from "./notes-inbox";
import { repostNoticed, repostUndone } from "./notices";
import { actorByUri } from "./queries";
import { rememberActor } from "./remote-actors";
import { kvGet, kvSet } from "./store-queries";

/** How long an undone Announce's id is remembered, in the federation's key-value table. */
const UNDONE_KEPT_MS = 24 * 60 * 60 * 1000;
const undoneKey = (announce: Announce) =>
  announce.id ? JSON.stringify(["undone-announce", announce.id.href]) : null;

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
  const undone = undoneKey(announce);
  if (undone && (await kvGet(deps.db, undone)) != null) return;
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
  const actor = await actorByUri(deps.db, undo.actorId.href);
  if (!actor) return;
  const undone = undoneKey(announce);
  if (undone) await kvSet(deps.db, { key: undone, value: true, ttlMs: UNDONE_KEPT_MS });
  await deps.outbox.transaction((tx) => repostUndone(tx, { actorId: actor.id, postId }));
}
