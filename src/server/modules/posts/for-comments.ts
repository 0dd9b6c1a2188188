// What the comments module reads and keeps of a post (spec-2 §7): the live post a comment goes
// on, and its comments_count, changed in the comment's transaction so it always equals the live
// comments.
import type { Db } from "../../db/client";
import { bumpPostCounter, findLivePost, findVisibleLivePost } from "./queries";

export const livePost = (db: Db, postId: string) => findLivePost(db, postId);

export const visibleLivePost = (db: Db, input: { postId: string; viewerId: string | null }) =>
  findVisibleLivePost(db, input);

/** Adds `delta` to a live post's comments_count; its count, author and text, or null. */
export const bumpCommentsCount = (tx: Db, postId: string, delta: number) =>
  bumpPostCounter(tx, postId, "comments", delta);
