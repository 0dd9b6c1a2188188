// What federation reads of posts (docs/federation.md "Posts"): a post as a signed-out visitor sees
// it (null when there is none to see), and the counts NodeInfo reports.
import type { PostView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { bumpPostCounter } from "./queries";
import { getPost, getPostByPath, type PostReader } from "./service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { countLivePosts } from "./count-queries";

const orNull = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });

export const publicPostOf = (reader: PostReader, postId: string): Promise<PostView | null> =>
  UUID.test(postId) ? orNull(getPost(reader, { postId, viewerId: null })) : Promise.resolve(null);

/** The id of the post at /{handle}/{slug}, when a signed-out visitor may see it. */
export async function publicPostIdAt(
  reader: PostReader,
  path: { handle: string; slug: string },
): Promise<string | null> {
  const post = await orNull(getPostByPath(reader, { ...path, viewerId: null }));
  return post?.id ?? null;
}

/** Adds `delta` to a live post's likes_count for likes from elsewhere; its count and author, or
 * null (docs/federation.md "Likes from elsewhere"). */
export const bumpLikesFromElsewhere = (tx: Db, postId: string, delta: number) =>
  bumpPostCounter(tx, postId, "likes", delta);
