// Our people's reposts of posts from elsewhere (docs/feed.md "Reposts and quotes"): one per person
// and post, so a retry or a second press changes nothing; written with its Announce of the Note
// (announce-out.ts, docs/federation.md "Reposts going out") in one transaction, and taken back with
// Undo(Announce). The reposter's followers here see it in their home feed under 'Reposted by'.
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import type { Effects } from "../../outbox/outbox";
import { requireUnrestricted } from "../../policy/restrictions";
import { removeRepostFromTimelines, writeRepostToTimelines } from "../posts/timelines";
import { blockedByActor, blocksActor } from "./block-queries";
import type { FederationDeps } from "./deps";
import { noteById } from "./note-queries";
import {
  deleteNoteRepost,
  insertNoteRepost,
  type NoteRepostRow,
  noteRepostsCountOf,
} from "./note-repost-queries";

const noteNotFound = () => notFound("Post not found");

/** A repost as its timelines' rows know it (docs/feed.md "Reposts in the timelines"). */
const timelineRow = (reposterId: string, repost: NoteRepostRow) => ({
  kind: "note" as const,
  repostId: repost.id,
  reposterId,
  createdAt: repost.createdAt,
});

/** What a repost or its undoing answers (the contract's repostResponse). */
interface RepostState {
  reposted: boolean;
  repostsCount: number;
}

/** The post, when the viewer may see it: neither they nor its author blocks the other. */
async function seenNote(db: Db, { id, viewerId }: { id: string; viewerId: string }) {
  const note = await noteById(db, id);
  if (!note) return null;
  const pair = { userId: viewerId, actorId: note.actorId };
  const [blocks, blocked] = await Promise.all([blocksActor(db, pair), blockedByActor(db, pair)]);
  return blocks || blocked ? null : note;
}

/** Tells every instance's caches (the feed pages of the reposter and of their followers here:
 * posts/feed-cache.ts) and the servers elsewhere. */
function announce(
  fx: Pick<Effects, "publishAfterCommit" | "federate">,
  change: {
    userId: string;
    repostId: string;
    note: { id: string; uri: string; actorId: string };
    reposted: boolean;
    count: number;
  },
) {
  const { userId, repostId, note, reposted, count } = change;
  fx.publishAfterCommit({
    type: "post.reposted",
    postId: note.id,
    authorId: userId,
    userId,
    repostId,
    reposted,
    repostsCount: count,
  });
  fx.federate({
    kind: reposted ? "note.announce" : "note.announce.undo",
    userId,
    repostId,
    noteUri: note.uri,
    authorId: note.actorId,
  });
}

/** Reposts a post from elsewhere, or takes the viewer's repost back (either twice changes
 * nothing); the viewer's repost and the post's count. */
export async function setNoteRepost(
  deps: FederationDeps,
  { id, viewerId, repost }: { id: string; viewerId: string; repost: boolean },
): Promise<RepostState> {
  if (repost) await requireUnrestricted(deps.db, viewerId);
  return deps.outbox.transaction(async (tx, fx) => {
    const key = { userId: viewerId, noteId: id };
    if (repost) {
      const note = await seenNote(tx, { id, viewerId });
      if (!note) throw noteNotFound();
      const added = await insertNoteRepost(tx, key);
      if (added) await writeRepostToTimelines(tx, timelineRow(viewerId, added));
      const count = await noteRepostsCountOf(tx, id);
      if (added)
        announce(fx, { userId: viewerId, repostId: added.id, note, reposted: true, count });
      return { reposted: true, repostsCount: count };
    }
    // Taken back even when the viewer may no longer see the post.
    const note = await noteById(tx, id);
    if (!note) throw noteNotFound();
    const removed = await deleteNoteRepost(tx, key);
    if (removed) await removeRepostFromTimelines(tx, timelineRow(viewerId, removed));
    const count = await noteRepostsCountOf(tx, id);
    if (removed) {
      announce(fx, { userId: viewerId, repostId: removed.id, note, reposted: false, count });
    }
    return { reposted: false, repostsCount: count };
  });
}
