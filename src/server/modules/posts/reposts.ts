// Reposts (docs/feed.md "Reposts and quotes"): a person shares a post they may see with their
// followers. One row per person and post, so a retry or a second press changes nothing; the post's
// reposts_count moves with the row in one transaction, so it always equals the rows. A private
// account's posts are for its followers only and cannot be reposted. A repost reaches other
// servers as an Announce, its undoing as Undo(Announce) (docs/federation.md "What goes out"). The
// post's author is told in Activity, in the same transaction, and the undoing takes that back
// (docs/social-and-realtime.md "Reposts and quotes in Activity").
import type { Db } from "../../db/client";
import { forbidden } from "../../errors";
import type { Effects } from "../../outbox/outbox";
import { requireUnrestricted } from "../../policy/restrictions";
import { forgetActivity, recordActivity } from "../activity/record";
import { tellByPush } from "../push/tell";
import {
  bumpReposts,
  deleteRepost,
  insertRepost,
  type RepostKey,
  repostsCountOf,
  repostTarget,
} from "./repost-queries";
import { removeRepostFromTimelines, writeRepostToTimelines } from "./repost-timeline-queries";
import { type PostDeps, requireVisiblePost } from "./service";

/** A repost of ours as its timelines' rows know it (docs/feed.md "Reposts in the timelines"). */
const timelineRow = (reposterId: string, repost: { id: string; createdAt: Date }) => ({
  kind: "post" as const,
  repostId: repost.id,
  reposterId,
  createdAt: repost.createdAt,
});

export const REPOST_PRIVATE = "repost_private";

/** What a repost or its undoing answers. */
export interface RepostState {
  reposted: boolean;
  repostsCount: number;
}

type RepostEffects = Pick<Effects, "publishAfterCommit" | "federate">;

/** Tells every instance (caches, open pages) and, when the reposter has followers elsewhere,
 * their servers. */
async function announce(
  deps: Pick<PostDeps, "federation">,
  tx: Db,
  fx: RepostEffects,
  change: RepostKey & { repostId: string; authorId: string; reposted: boolean; count: number },
) {
  fx.publishAfterCommit({
    type: "post.reposted",
    postId: change.postId,
    authorId: change.authorId,
    userId: change.userId,
    repostId: change.repostId,
    reposted: change.reposted,
    repostsCount: change.count,
  });
  if (await deps.federation.reachesOtherServers(tx, change.userId)) {
    fx.federate({
      kind: change.reposted ? "announce" : "announce.undo",
      userId: change.userId,
      postId: change.postId,
      repostId: change.repostId,
    });
  }
}

/** Reposts a post the viewer may see; reposting it again keeps the one repost. */
export async function repostPost(
  deps: PostDeps,
  { viewerId, postId }: { viewerId: string; postId: string },
): Promise<RepostState> {
  await requireUnrestricted(deps.db, viewerId);
  const key = { userId: viewerId, postId };
  return deps.outbox.transaction(async (tx, fx) => {
    const post = await requireVisiblePost(tx, { viewerId, postId });
    if ((await repostTarget(tx, postId))?.privateAccount) {
      throw forbidden("Posts of a private account cannot be reposted.", REPOST_PRIVATE);
    }
    const added = await insertRepost(tx, key);
    if (!added) return { reposted: true, repostsCount: await repostsCountOf(tx, postId) };
    await writeRepostToTimelines(tx, timelineRow(viewerId, added));
    const counter = await bumpReposts(tx, postId, 1);
    const count = counter?.count ?? 0;
    const told = await recordActivity(tx, {
      recipientId: post.userId,
      actorId: viewerId,
      type: "REPOST",
      postId,
      postText: post.content,
    });
    if (told) {
      fx.publishAfterCommit({ type: "activity.created", recipientId: told });
      const notice = { kind: "repost" as const, actorId: viewerId, postId, quote: null };
      await tellByPush(tx, fx, { recipientId: told, notice });
    }
    await announce(deps, tx, fx, {
      ...key,
      repostId: added.id,
      authorId: post.userId,
      reposted: true,
      count,
    });
    return { reposted: true, repostsCount: count };
  });
}

/** Takes the viewer's repost back, even of a post they may no longer see; taking back one that
 * is not there changes nothing (a post they may not see, or that is not there, is 404). */
export async function unrepostPost(
  deps: PostDeps,
  { viewerId, postId }: { viewerId: string; postId: string },
): Promise<RepostState> {
  const key = { userId: viewerId, postId };
  return deps.outbox.transaction(async (tx, fx) => {
    const removed = await deleteRepost(tx, key);
    if (!removed) {
      await requireVisiblePost(tx, { viewerId, postId });
      return { reposted: false, repostsCount: await repostsCountOf(tx, postId) };
    }
    await removeRepostFromTimelines(tx, timelineRow(viewerId, removed));
    const counter = await bumpReposts(tx, postId, -1);
    const count = counter?.count ?? 0;
    if (counter && counter.userId !== viewerId) {
      await forgetActivity(tx, {
        recipientId: counter.userId,
        actorId: viewerId,
        type: "REPOST",
        postId,
      });
      fx.publishAfterCommit({ type: "activity.created", recipientId: counter.userId });
    }
    await announce(deps, tx, fx, {
      ...key,
      repostId: removed.id,
      authorId: counter?.userId ?? viewerId,
      reposted: false,
      count,
    });
    return { reposted: false, repostsCount: count };
  });
}
