// Post use-cases (spec-1 §4, §5): create with an optional image, feed and profile pages, read by
// id or path, author-only edit and soft delete, like toggle, deduplicated views.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { PostView } from "../../../domain/contracts/posts";
import { normalizeHandle } from "../../../domain/handles";
import { postSlug, slugCandidates } from "../../../domain/post-slug";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeCursor, pageOf } from "../../db/keyset";
import { notFound } from "../../errors";
import type { LiveEffects } from "../../outbox/outbox";
import { requireOwner } from "../../policy/access";
import { requireUnrestricted } from "../../policy/restrictions";
import { canSeePosts } from "../../policy/visibility";
import { recordActivity } from "../activity/record";
import { storeImageThenWrite } from "../media/service";
import { newerFirst } from "./feed-cache";
import { presentInOrder, presentPost } from "./present";
import {
  bumpPostCounter,
  bumpViews,
  deleteLike,
  feedPostKeys,
  findLivePost,
  findPostByPath,
  insertLike,
  insertPost,
  type PostKey,
  readViews,
  recordView,
  softDeletePost,
  updatePostContent,
  userPostKeys,
} from "./queries";
import { removePostFromTimelines, writeToTimelines } from "./timeline-queries";

/** What the post use-cases need of the app context. */
export type PostDeps = Pick<
  AppContext,
  "db" | "outbox" | "store" | "feed" | "hydrator" | "federation"
>;

/** What reading a post needs. */
export type PostReader = Pick<AppContext, "db" | "hydrator">;

/** A page request as the API receives it: the cursor still encoded. */
interface PageInput {
  limit: number;
  cursor?: string | undefined;
}

/** Who acts on which post. */
interface PostAction {
  viewerId: string;
  postId: string;
}

const postNotFound = () => notFound("Post not found");
const postCursor = (raw: string | undefined) => decodeCursor(raw, z.uuid());

export async function getPost(
  reader: PostReader,
  { postId, viewerId }: { postId: string; viewerId: string | null },
): Promise<PostView> {
  const [row] = await reader.hydrator.hydrate([postId], viewerId);
  if (!row || !(await canSeePosts(reader.db, viewerId, row.author.userId))) throw postNotFound();
  return presentPost(row, viewerId);
}

export async function getPostByPath(
  reader: PostReader,
  input: { handle: string; slug: string; viewerId: string | null },
) {
  const found = await findPostByPath(reader.db, {
    handle: normalizeHandle(input.handle),
    slug: input.slug,
    viewerId: input.viewerId,
  });
  if (!found?.visible) throw postNotFound();
  return presentPost(found, input.viewerId);
}

async function pageFromKeys(
  reader: PostReader,
  { keys, limit, viewerId }: { keys: PostKey[]; limit: number; viewerId: string | null },
) {
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({ at: k.createdAt, id: k.id }));
  const ids = page.map((k) => k.id);
  return {
    items: presentInOrder(await reader.hydrator.hydrate(ids, viewerId), ids, viewerId),
    nextCursor,
  };
}

export async function feedPage(
  deps: PostDeps,
  { viewerId, limit, cursor: raw }: PageInput & { viewerId: string },
) {
  const cursor = postCursor(raw);
  const keys =
    !cursor && limit < deps.feed.depth
      ? (await deps.feed.firstKeys(viewerId)).slice(0, limit + 1)
      : await mergedFeedKeys(deps, { viewerId, limit, cursor });
  if (!keys.some((k) => k.remote)) return pageFromKeys(deps, { keys, limit, viewerId });
  // Posts from elsewhere are presented by federation, ours by the hydrator, in the keys' order.
  const { page, nextCursor } = pageOf(keys, limit, (k) => ({ at: k.createdAt, id: k.id }));
  const local = page.filter((k) => !k.remote).map((k) => k.id);
  const [hydrated, remote] = await Promise.all([
    deps.hydrator.hydrate(local, viewerId),
    deps.federation.presentNotes(deps.db, {
      ids: page.filter((k) => k.remote).map((k) => k.id),
      viewerId,
    }),
  ]);
  const byId = new Map<string, PostView>([
    ...presentInOrder(hydrated, local, viewerId).map((p) => [p.id, p] as const),
    ...remote.map((p) => [p.id, p] as const),
  ]);
  return { items: page.flatMap((k) => byId.get(k.id) ?? []), nextCursor };
}

/** The reader's feed keys before the cursor: ours merged per followee, and the posts of the people
 * elsewhere they follow, newest first (`limit` and one more, which tells whether a next page
 * exists). */
export async function mergedFeedKeys(
  deps: Pick<AppContext, "db" | "federation">,
  {
    viewerId,
    limit,
    cursor,
  }: { viewerId: string; limit: number; cursor: { at: Date; id: string } | null },
): Promise<PostKey[]> {
  const [local, remote] = await Promise.all([
    feedPostKeys(deps.db, { viewerId, limit, cursor }),
    deps.federation.feedKeys(deps.db, { viewerId, limit: limit + 1, cursor }),
  ]);
  if (remote.length === 0) return local;
  return [...local, ...remote.map((k) => ({ ...k, remote: true as const }))]
    .sort(newerFirst)
    .slice(0, limit + 1);
}

export async function userPostsPage(
  reader: PostReader,
  { userId, viewerId, limit, cursor }: PageInput & { userId: string; viewerId: string | null },
) {
  if (!(await canSeePosts(reader.db, viewerId, userId))) return { items: [], nextCursor: null };
  const keys = await userPostKeys(reader.db, { userId, limit, cursor: postCursor(cursor) });
  return pageFromKeys(reader, { keys, limit, viewerId });
}

/** Inserts the post at its author's first free slug (docs/feed.md "Post links"); its id. */
async function insertAtFreeSlug(
  db: Db,
  values: { userId: string; content: string; imageUrl: string | null },
): Promise<string> {
  const id = randomUUID();
  for (const slug of slugCandidates(postSlug(values.content), id)) {
    if (await insertPost(db, { id, ...values, slug })) return id;
  }
  // The last candidate holds the whole id, which no other post has.
  throw new Error(`no free slug for post ${id}`);
}

export async function createPost(
  deps: PostDeps,
  { authorId, ...input }: { authorId: string; content: string; image: Buffer | null },
): Promise<PostView> {
  await requireUnrestricted(deps.db, authorId);
  // The event shows the post as hydration presents it, read once the post has committed; the
  // same read is the answer.
  let committed = false;
  let post: PostView | undefined;
  const insert = (imageUrl: string | null) =>
    deps.outbox.transaction(async (tx, fx) => {
      const id = await insertAtFreeSlug(tx, { userId: authorId, content: input.content, imageUrl });
      await writeToTimelines(tx, { postId: id, authorId });
      if (await deps.federation.reachesOtherServers(tx, authorId)) {
        fx.federate({ kind: "post.create", postId: id, authorId });
      }
      fx.publishAfterCommit(async () => {
        committed = true;
        post = await getPost(deps, { postId: id, viewerId: authorId });
        return {
          type: "post.created",
          authorId,
          post: { ...post, isAuthor: false, likedByMe: false },
        };
      });
    });
  // No half state: the image of a post that was not saved is removed again (a saved post's stays).
  if (input.image) {
    await storeImageThenWrite(deps.store, {
      ownerId: authorId,
      kind: "post",
      bytes: input.image,
      write: insert,
      inUse: () => committed,
    });
  } else await insert(null);
  return post as PostView;
}

/** The live post, if the viewer wrote it (spec-1 §6: edit and delete only one's own posts). */
async function requireAuthor(db: Db, { viewerId, postId }: PostAction) {
  const post = await findLivePost(db, postId);
  if (!post) throw postNotFound();
  requireOwner({ viewerId, ownerId: post.userId, permission: "post.change" });
  return post;
}

export async function editPost(
  deps: PostDeps,
  { viewerId, postId, content }: PostAction & { content: string },
): Promise<PostView> {
  await requireAuthor(deps.db, { viewerId, postId });
  const updatedAt = new Date();
  const update = async (db: Db, fx: LiveEffects) => {
    await updatePostContent(db, { postId, authorId: viewerId, content, updatedAt });
    fx.publishAfterCommit({
      type: "post.updated",
      authorId: viewerId,
      postId,
      content,
      updatedAt: updatedAt.toISOString(),
    });
  };
  // One statement needs no transaction, unless the edit must also reach other servers.
  if (await deps.federation.reachesOtherServers(deps.db, viewerId)) {
    await deps.outbox.transaction(async (tx, fx) => {
      await update(tx, fx);
      fx.federate({ kind: "post.update", postId, authorId: viewerId });
    });
  } else await deps.outbox.statement(update);
  return getPost(deps, { postId, viewerId });
}

export async function deletePost(deps: PostDeps, action: PostAction): Promise<{ ok: true }> {
  await requireAuthor(deps.db, action);
  const post = { postId: action.postId, authorId: action.viewerId };
  await deps.outbox.transaction(async (tx, fx) => {
    await removePostFromTimelines(tx, post);
    await softDeletePost(tx, post);
    if (await deps.federation.reachesOtherServers(tx, post.authorId)) {
      fx.federate({ kind: "post.delete", ...post });
    }
    fx.publishAfterCommit({
      type: "post.deleted",
      authorId: action.viewerId,
      postId: action.postId,
    });
  });
  return { ok: true };
}

/** A live post the viewer may act on: hidden authors' posts read as missing (docs/safety.md). */
export async function requireVisiblePost(db: Db, { viewerId, postId }: PostAction) {
  const post = await findLivePost(db, postId);
  if (!post || !(await canSeePosts(db, viewerId, post.userId))) throw postNotFound();
  return post;
}

/** The spec's toggle_post_like: one transaction, so likes_count always equals the like rows. */
export async function togglePostLike(deps: PostDeps, { viewerId, postId }: PostAction) {
  const like = { postId, userId: viewerId };
  return deps.outbox.transaction(async (tx, fx) => {
    await requireVisiblePost(tx, { viewerId, postId });
    const unliked = await deleteLike(tx, like);
    const liked = !unliked && (await insertLike(tx, like));
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
    const result = { liked: liked || !unliked, likesCount: counter.count };
    fx.publishAfterCommit({
      type: "post.liked",
      postId,
      authorId: counter.userId,
      userId: viewerId,
      ...result,
    });
    if (notify) fx.publishAfterCommit({ type: "activity.created", recipientId: notify });
    return result;
  });
}

/**
 * The spec's increment_post_views: at most one view per viewer per post per 24 hours. A visitor
 * who cannot be told apart from others (`viewerKey` null: http/visitor.ts) is not counted. A post
 * the signed-in viewer may not see (a block, a suspended author: docs/safety.md) is not found.
 */
export async function viewPost(
  deps: PostDeps,
  {
    postId,
    viewerId,
    viewerKey,
  }: { postId: string; viewerId: string | null; viewerKey: string | null },
) {
  return deps.outbox.transaction(async (tx, fx) => {
    const post = await findLivePost(tx, postId);
    if (!post || !(await canSeePosts(tx, viewerId, post.userId))) throw postNotFound();
    const counted = viewerKey !== null && (await recordView(tx, { postId, viewerKey }));
    const viewsCount = (counted ? await bumpViews(tx, postId) : await readViews(tx, postId)) ?? 0;
    if (counted) fx.publishAfterCommit({ type: "post.counted", postId, viewsCount });
    return { counted, viewsCount };
  });
}
