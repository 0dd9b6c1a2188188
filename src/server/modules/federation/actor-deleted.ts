// Someone elsewhere is gone (docs/federation.md "Deleting an account", "Domain blocks"): their
// `Delete` of themselves, or a moderator suspending their server, removes everything of theirs
// here with the counters it moved — their follows either way, their posts, their replies (counted
// among our posts' comments) and our people's likes of their posts.
import { type Activity, Delete } from "@fedify/vocab";
import type { Db } from "../../db/client";
import type { Effects, Outbox } from "../../outbox/outbox";
import { bumpLikesFromElsewhere } from "../posts/federated";
import { bumpCommentsCount } from "../posts/for-comments";
import { acceptedFollowing, followerChanged } from "./counters";
import { postsLikedBy } from "./like-queries";
import { localFollowersOf } from "./note-queries";
import { actorByUri, deleteActor, followsOfActor, removeRemoteFollower } from "./queries";
import { postsRepliedToBy } from "./reply-queries";

/** Whether the activity is an actor deleting themselves. */
export const isSelfDelete = (activity: Activity): activity is Delete =>
  activity instanceof Delete &&
  activity.actorId !== null &&
  activity.objectId?.href === activity.actorId.href;

/** Removes the actor and all of theirs, in the caller's transaction. */
export async function forgetActor(
  tx: Db,
  fx: Pick<Effects, "publishAfterCommit">,
  actorId: string,
): Promise<void> {
  const readers = await localFollowersOf(tx, actorId);
  const { followers, following } = await followsOfActor(tx, actorId);
  // Each follow goes before the next is counted, so a friendship is taken off once.
  for (const row of followers) {
    await removeRemoteFollower(tx, { actorId, userId: row.userId });
    await followerChanged(tx, { userId: row.userId, actorId, from: row.state, to: null });
  }
  for (const row of following) {
    if (row.state === "accepted") await acceptedFollowing(tx, row, -1);
  }
  const replied = await postsRepliedToBy(tx, actorId);
  const liked = await postsLikedBy(tx, actorId);
  await deleteActor(tx, actorId);
  for (const postId of liked) {
    const post = await bumpLikesFromElsewhere(tx, postId, -1);
    if (post) {
      fx.publishAfterCommit({
        type: "post.liked",
        postId,
        authorId: post.userId,
        userId: `fed:${actorId}`,
        liked: false,
        likesCount: post.count,
      });
    }
  }
  for (const postId of replied) {
    const post = await bumpCommentsCount(tx, postId, -1);
    if (post) fx.publishAfterCommit({ type: "post.counted", postId, commentsCount: post.count });
  }
  if (readers.length > 0) fx.publishAfterCommit({ type: "feed.stale", userIds: readers });
}

export async function actorDeleted(
  { db, outbox }: { db: Db; outbox: Outbox },
  del: Delete,
): Promise<void> {
  const actor = del.actorId ? await actorByUri(db, del.actorId.href) : undefined;
  if (!actor) return;
  await outbox.transaction((tx, fx) => forgetActor(tx, fx, actor.id));
}
