// Post use-cases (spec-1 §4, §5; issue 5 §1–2): create with an optional image, feed and profile
// pages, read by id or path, author-only edit and soft delete, like toggle, deduplicated views.
import { and, eq, isNull } from "drizzle-orm";
import { ERROR_CODES } from "../../../domain/contracts/errors";
import type { PostView } from "../../../domain/contracts/posts";
import { normalizeHandle } from "../../../domain/handles";
import { postSlug } from "../../../domain/post-slug";
import type { Db } from "../../db/client";
import { posts } from "../../db/schema/posts";
import { AppError, forbidden } from "../../errors";
import { decodeCursor, pageOf } from "../../http/cursor";
import { processImage } from "../../infra/images";
import { mediaKey, type ObjectStore } from "../../infra/object-store";
import type { EventBus } from "../../realtime/bus";
import { recordActivity } from "../activity/record";
import { findProfileByHandle } from "../profiles/queries";
import type { FeedCache } from "./feed-cache";
import type { PostHydrator } from "./hydration";
import { presentInOrder, presentPost } from "./present";
import {
  bumpPostCounter,
  bumpViews,
  deleteLike,
  feedPostKeys,
  findLivePost,
  findPostIdByPath,
  insertLike,
  type PostKey,
  readViews,
  recordView,
  userPostKeys,
} from "./queries";

export interface PostDeps {
  db: Db;
  bus: EventBus;
  store: ObjectStore;
  /** Active readers' first feed pages (feed-cache.ts). */
  feed: FeedCache;
  /** Posts with authors and likes, from memory when it can (hydration.ts). */
  hydrator: PostHydrator;
}

/** What reading a post needs. */
export type PostReader = Pick<PostDeps, "db" | "hydrator">;

const postNotFound = () => new AppError(404, ERROR_CODES.notFound, "Post not found");

export async function getPost(
  reader: PostReader,
  postId: string,
  viewerId: string | null,
): Promise<PostView> {
  const [row] = await reader.hydrator.hydrate([postId], viewerId);
  if (!row) throw postNotFound();
  return presentPost(row, viewerId);
}

export async function getPostByPath(
  reader: PostReader,
  rawHandle: string,
  slug: string,
  viewerId: string | null,
) {
  const author = await findProfileByHandle(reader.db, normalizeHandle(rawHandle));
  const postId = author ? await findPostIdByPath(reader.db, author.profile.userId, slug) : null;
  if (!postId) throw postNotFound();
  return getPost(reader, postId, viewerId);
}

async function pageFromKeys(
  reader: PostReader,
  keys: PostKey[],
  limit: number,
  viewerId: string | null,
) {
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({
    at: k.createdAt.toISOString(),
    id: k.id,
  }));
  const ids = page.map((k) => k.id);
  return {
    items: presentInOrder(await reader.hydrator.hydrate(ids, viewerId), ids, viewerId),
    nextCursor,
  };
}

export async function feedPage(
  deps: PostDeps,
  viewerId: string,
  limit: number,
  rawCursor: string | undefined,
) {
  const cursor = decodeCursor(rawCursor);
  const keys =
    !cursor && limit < deps.feed.depth
      ? (await deps.feed.firstKeys(viewerId)).slice(0, limit + 1)
      : await feedPostKeys(deps.db, viewerId, limit, cursor);
  return pageFromKeys(deps, keys, limit, viewerId);
}

export async function userPostsPage(
  reader: PostReader,
  userId: string,
  viewerId: string | null,
  limit: number,
  rawCursor: string | undefined,
) {
  return pageFromKeys(
    reader,
    await userPostKeys(reader.db, userId, limit, decodeCursor(rawCursor)),
    limit,
    viewerId,
  );
}

export async function createPost(
  deps: PostDeps,
  authorId: string,
  input: { content: string; image: Buffer | null },
): Promise<PostView> {
  let imageUrl: string | null = null;
  let storedKeys: string[] = [];
  if (input.image) {
    const image = await processImage(input.image, "post");
    const key = mediaKey(authorId, "post", image.main.sha256);
    const thumbKey = mediaKey(authorId, "post", image.main.sha256, "thumb");
    await deps.store.put(key, image.main.bytes, image.main.contentType);
    await deps.store.put(thumbKey, image.thumb.bytes, image.thumb.contentType);
    imageUrl = `/media/${key}`;
    storedKeys = [key, thumbKey];
  }
  let postId: string;
  try {
    const [row] = await deps.db
      .insert(posts)
      .values({ userId: authorId, content: input.content, imageUrl, slug: postSlug(input.content) })
      .returning({ id: posts.id });
    postId = (row as { id: string }).id;
  } catch (error) {
    // No half state: the image of a post that was not saved is removed again.
    await Promise.all(storedKeys.map((key) => deps.store.delete(key)));
    throw error;
  }
  const post = await getPost(deps, postId, authorId);
  await deps.bus.publish({
    type: "post.created",
    authorId,
    post: { ...post, isAuthor: false, likedByMe: false },
  });
  return post;
}

async function assertAuthor(db: Db, viewerId: string, postId: string) {
  const post = await findLivePost(db, postId);
  if (!post) throw postNotFound();
  if (post.userId !== viewerId) throw forbidden("Only the author can change this post.");
  return post;
}

export async function editPost(
  deps: PostDeps,
  viewerId: string,
  postId: string,
  content: string,
): Promise<PostView> {
  await assertAuthor(deps.db, viewerId, postId);
  const updatedAt = new Date();
  await deps.db
    .update(posts)
    .set({ content, updatedAt })
    .where(and(eq(posts.id, postId), eq(posts.userId, viewerId), isNull(posts.deletedAt)));
  await deps.bus.publish({
    type: "post.updated",
    authorId: viewerId,
    postId,
    content,
    updatedAt: updatedAt.toISOString(),
  });
  return getPost(deps, postId, viewerId);
}

export async function deletePost(
  deps: PostDeps,
  viewerId: string,
  postId: string,
): Promise<{ ok: true }> {
  await assertAuthor(deps.db, viewerId, postId);
  await deps.db
    .update(posts)
    .set({ deletedAt: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.userId, viewerId), isNull(posts.deletedAt)));
  await deps.bus.publish({ type: "post.deleted", authorId: viewerId, postId });
  return { ok: true };
}

/** The spec's toggle_post_like: one transaction, so likes_count always equals the like rows. */
export async function togglePostLike(deps: PostDeps, viewerId: string, postId: string) {
  const result = await deps.db.transaction(async (tx) => {
    if (!(await findLivePost(tx, postId))) throw postNotFound();
    const unliked = await deleteLike(tx, postId, viewerId);
    const liked = !unliked && (await insertLike(tx, postId, viewerId));
    const counter = await bumpPostCounter(tx, postId, "likes", liked ? 1 : unliked ? -1 : 0);
    if (!counter) throw postNotFound();
    const notify = liked
      ? await recordActivity(tx, {
          recipientId: counter.userId,
          actorId: viewerId,
          type: "LIKE",
          postId,
          postText: counter.content,
        })
      : null;
    // Neither removed nor added: a concurrent request of the same person already liked it.
    return { liked: liked || !unliked, likesCount: counter.count, notify };
  });
  await deps.bus.publish({
    type: "post.liked",
    postId,
    userId: viewerId,
    liked: result.liked,
    likesCount: result.likesCount,
  });
  if (result.notify)
    await deps.bus.publish({ type: "activity.created", recipientId: result.notify });
  return { liked: result.liked, likesCount: result.likesCount };
}

/** The spec's increment_post_views: at most one view per viewer per post per 24 hours. */
export async function viewPost(deps: PostDeps, postId: string, viewerKey: string) {
  const result = await deps.db.transaction(async (tx) => {
    if (!(await findLivePost(tx, postId))) throw postNotFound();
    const counted = await recordView(tx, postId, viewerKey);
    const viewsCount = counted ? await bumpViews(tx, postId) : await readViews(tx, postId);
    return { counted, viewsCount: viewsCount ?? 0 };
  });
  if (result.counted) {
    await deps.bus.publish({ type: "post.counted", postId, viewsCount: result.viewsCount });
  }
  return result;
}
