// What federation reads of posts (docs/federation.md "Posts"): a post as a signed-out visitor sees
// it (null when there is none to see), and the counts NodeInfo reports.
import type { PostView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import {
  type AudienceElsewhere,
  postsAudienceElsewhere,
  remoteSeesPostsOf,
} from "../../policy/elsewhere";
import { presentPost } from "./present";
import { bumpPostCounter, findLivePost } from "./queries";
import { quoteElsewhereOf } from "./quote-queries";
import { getPost, getPostByPath, type PostReader } from "./service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { countLivePosts } from "./count-queries";
/** The authorization a quoted post's server answered our quote's `QuoteRequest` with is kept
 * (docs/federation.md "Quotes"). */
export { keepQuoteAuthorization } from "./quote-queries";

const orNull = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });

export const publicPostOf = (reader: PostReader, postId: string): Promise<PostView | null> =>
  UUID.test(postId) ? orNull(getPost(reader, { postId, viewerId: null })) : Promise.resolve(null);

/** A post as the person elsewhere whose actor is `actorUri` sees it (policy/elsewhere.ts): a public
 * one, or a private account's when they are its approved follower; null when they may not. */
export async function postSeenElsewhere(
  reader: PostReader,
  { postId, actorUri }: { postId: string; actorUri: string | null },
): Promise<PostView | null> {
  if (!actorUri) return publicPostOf(reader, postId);
  if (!UUID.test(postId)) return null;
  const [row] = await reader.hydrator.hydrate([postId], null);
  if (!row || !(await remoteSeesPostsOf(reader.db, { actorUri, ownerId: row.author.userId }))) {
    return null;
  }
  // Other servers get a post's text as text, its addresses never linked (federation/note-html.ts).
  return presentPost(row, null, null);
}

/** A post to send to other servers, and to whom there: everyone, or a private account's approved
 * followers; null when it goes nowhere (gone, or its author suspended). */
export async function postToFederate(
  reader: PostReader,
  postId: string,
): Promise<{ post: PostView; audience: AudienceElsewhere } | null> {
  if (!UUID.test(postId)) return null;
  const [row] = await reader.hydrator.hydrate([postId], null);
  if (!row) return null;
  const audience = await postsAudienceElsewhere(reader.db, row.author.userId);
  return audience ? { post: presentPost(row, null, null), audience } : null;
}

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

/** The author of a live post, or null when there is none (federation's quote detaching). */
export async function authorOfLivePost(db: Db, postId: string): Promise<string | null> {
  if (!UUID.test(postId)) return null;
  return (await findLivePost(db, postId))?.userId ?? null;
}

/** A live post's quote of a post from elsewhere and the FEP-044f authorization its server gave it,
 * read afresh (docs/federation.md "Quotes"); null when it quotes none. */
export const quoteOfElsewhere = (db: Db, postId: string) =>
  UUID.test(postId) ? quoteElsewhereOf(db, postId) : Promise.resolve(null);
