// Post use-cases (spec-1 §4, §5): create with an optional image, feed and profile pages, read by
// id or path, author-only edit and soft delete, like toggle, deduplicated views.
import { randomUUID } from "node:crypto";
import type { PostImageView, PostView } from "../../../domain/contracts/posts";
import { ERROR_CODES } from "../../../domain/error-codes";
import { normalizeHandle } from "../../../domain/handles";
import { mentionsIn } from "../../../domain/mentions";
import { postSlug, slugCandidates } from "../../../domain/post-slug";
import type { WhoMay } from "../../../domain/reply-controls";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeUuidCursor } from "../../db/keyset";
import { badRequest, notFound } from "../../errors";
import type { LiveEffects } from "../../outbox/outbox";
import { requireOwner } from "../../policy/access";
import { newAccountsSince, spendNewAccountWrite } from "../../policy/new-accounts";
import { mayReply } from "../../policy/replies";
import { requireUnrestricted } from "../../policy/restrictions";
import { canSeePosts } from "../../policy/visibility";
import type { FirstFeedKeys } from "../../ports/federation";
import { recordMentions } from "../activity/mentions";
import { noticeInStatement } from "../activity/record";
import { type StoredImage, storeImagesThenWrite } from "../media/service";
import { pushTargetsOf, tellByPush } from "../push/tell";
import { newerFirst } from "./feed-cache";
import { type PageDeps, presentPage } from "./key-page";
import { chosenPreviewId } from "./link-previews";
import { deletePinsOfPost } from "./mark-queries";
import { markMutedPost } from "./muted";
import { hasTags, tagPost, untagPost } from "./post-tags";
import { presentPost } from "./present";
import {
  bumpViews,
  feedPostKeys,
  findLivePost,
  findPostByPath,
  insertPost,
  mergedFirstKeys,
  type PostKey,
  readViews,
  recordView,
  showsImage,
  softDeletePost,
  toggleLikeRow,
  updatePostContent,
  userPostKeys,
} from "./queries";
import { countNewQuote, requireQuotable, requireQuotableNote, uncountQuote } from "./quotes";
import { profileRepostKeys, repostFeedKeys } from "./repost-queries";
import { removePostFromTimelines, writeToTimelines } from "./timeline-queries";

/** What the post use-cases need of the app context. */
export type PostDeps = Pick<
  AppContext,
  "db" | "outbox" | "store" | "feed" | "hydrator" | "federation" | "config" | "mutedWords"
>;

/** What reading a post needs. */
export type PostReader = Pick<AppContext, "db" | "hydrator" | "config" | "mutedWords">;

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

export async function getPost(
  reader: PostReader,
  { postId, viewerId }: { postId: string; viewerId: string | null },
): Promise<PostView> {
  const [[row], mark] = await Promise.all([
    reader.hydrator.hydrate([postId], viewerId),
    reader.mutedWords.marker(viewerId, { context: "feed", now: new Date() }),
  ]);
  if (!row || !(await canSeePosts(reader.db, viewerId, row.author.userId))) throw postNotFound();
  const inertSince = newAccountsSince(new Date(), reader.config.newAccountDays);
  const post = markMutedPost(presentPost(row, viewerId, inertSince), mark);
  return withCanReply(reader.db, post, viewerId);
}

/** The post's own read says whether the reader may comment (docs/safety.md "Who can reply and
 * write"). */
async function withCanReply(db: Db, post: PostView, viewerId: string | null): Promise<PostView> {
  const replyPolicy = post.replyPolicy ?? "everyone";
  post.canReply = await mayReply(db, {
    viewerId,
    post: { authorId: post.author.userId, replyPolicy },
  });
  return post;
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
  const [quotes, mark] = await Promise.all([
    reader.hydrator.quoteCards([found.post], input.viewerId),
    reader.mutedWords.marker(input.viewerId, { context: "feed", now: new Date() }),
  ]);
  const quote = quotes.get(found.post.id);
  const inertSince = newAccountsSince(new Date(), reader.config.newAccountDays);
  const post = markMutedPost(presentPost({ ...found, quote }, input.viewerId, inertSince), mark);
  return withCanReply(reader.db, post, input.viewerId);
}

export async function feedPage(
  deps: PostDeps,
  { viewerId, limit, cursor: raw }: PageInput & { viewerId: string },
) {
  const cursor = decodeUuidCursor(raw);
  const keys =
    !cursor && limit < deps.feed.depth
      ? (await deps.feed.firstKeys(viewerId)).slice(0, limit + 1)
      : await mergedFeedKeys(deps, { viewerId, limit, cursor });
  return presentPage(deps, { keys, limit, viewerId });
}

/** The reader's feed keys before the cursor: ours merged per followee, the reposts their followees
 * made, and the posts of the people elsewhere they follow, newest first (`limit` and one more,
 * which tells whether a next page exists). */
export async function mergedFeedKeys(
  deps: Pick<AppContext, "db" | "federation">,
  {
    viewerId,
    limit,
    cursor,
  }: { viewerId: string; limit: number; cursor: { at: Date; id: string } | null },
): Promise<PostKey[]> {
  if (!cursor) return firstPageKeys(deps, { viewerId, limit });
  const [local, remote, reposts] = await Promise.all([
    feedPostKeys(deps.db, { viewerId, limit, cursor }),
    deps.federation.feedKeys(deps.db, { viewerId, limit: limit + 1, cursor }),
    repostFeedKeys(deps.db, { viewerId, limit: limit + 1, cursor }),
  ]);
  return mergeFeedKeys({ local, remote, reposts }, limit);
}

/** The first page's keys, all kinds in one statement from the timelines (docs/feed.md "The first
 * page in one statement"); every kind merged per followee when the timeline's days do not fill
 * the page, as the feed then reaches further back than the timelines hold. */
async function firstPageKeys(
  deps: Pick<AppContext, "db" | "federation">,
  { viewerId, limit }: { viewerId: string; limit: number },
): Promise<PostKey[]> {
  const first = await deps.federation.firstFeedKeys(deps.db, { viewerId, limit: limit + 1 });
  if (first.own.length === limit + 1) {
    return mergeFeedKeys({ local: first.own, remote: first.remote, reposts: first.reposts }, limit);
  }
  const [local, remote, reposts] = await Promise.all([
    mergedFirstKeys(deps.db, viewerId, limit + 1),
    deps.federation.feedKeys(deps.db, { viewerId, limit: limit + 1, cursor: null }),
    repostFeedKeys(deps.db, { viewerId, limit: limit + 1, cursor: null }),
  ]);
  return mergeFeedKeys({ local, remote, reposts }, limit);
}

/** Ours, the posts from elsewhere and the reposts, newest first, `limit` and one more. */
function mergeFeedKeys(
  {
    local,
    remote,
    reposts,
  }: { local: PostKey[]; remote: FirstFeedKeys["remote"]; reposts: FirstFeedKeys["reposts"] },
  limit: number,
): PostKey[] {
  if (remote.length === 0 && reposts.length === 0) return local;
  return [...local, ...remote.map((k) => ({ ...k, remote: true as const })), ...reposts]
    .sort(newerFirst)
    .slice(0, limit + 1);
}

/** A person's posts and reposts, newest first, merged on one keyset (docs/feed.md "Reposts and
 * quotes"). */
export async function userPostsPage(
  reader: PageDeps,
  { userId, viewerId, limit, cursor: raw }: PageInput & { userId: string; viewerId: string | null },
) {
  if (!(await canSeePosts(reader.db, viewerId, userId))) return { items: [], nextCursor: null };
  const cursor = decodeUuidCursor(raw);
  const [own, reposts, elsewhere] = await Promise.all([
    userPostKeys(reader.db, { userId, limit, cursor }),
    profileRepostKeys(reader.db, { userId, viewerId, limit: limit + 1, cursor }),
    // Their reposts of posts from elsewhere, which only a signed-in reader is shown (key-page.ts).
    viewerId
      ? reader.federation.profileRepostKeys(reader.db, {
          userId,
          viewerId,
          limit: limit + 1,
          cursor,
        })
      : [],
  ]);
  const others = [...reposts, ...elsewhere.map((k) => ({ ...k, remote: true as const }))];
  const keys = others.length === 0 ? own : [...own, ...others].sort(newerFirst).slice(0, limit + 1);
  return presentPage(reader, { keys, limit, viewerId });
}

/** Inserts the post at its author's first free slug (docs/feed.md "Post links"); its id. */
async function insertAtFreeSlug(
  db: Db,
  values: {
    userId: string;
    content: string;
    contentWarning: string | null;
    images: PostImageView[];
    imageSensitive: boolean;
    linkPreviewId: string | null;
    quoteOf: string | null;
    quoteNoteId: string | null;
    replyPolicy: WhoMay;
  },
): Promise<string> {
  const id = randomUUID();
  // Behind a warning, the link is made of the warning's words: a link shows what the card shows.
  const words = values.contentWarning ?? values.content;
  for (const slug of slugCandidates(postSlug(words), id)) {
    if (await insertPost(db, { id, ...values, slug })) return id;
  }
  // The last candidate holds the whole id, which no other post has.
  throw new Error(`no free slug for post ${id}`);
}

/** Whether a post must go to other servers: someone there follows its author, it mentions
 * someone there (docs/federation.md "Mentions"), or it quotes a post from elsewhere, whose author
 * is told ("Quotes"). */
async function reachesElsewhere(
  deps: Pick<PostDeps, "federation">,
  db: Db,
  {
    authorId,
    content,
    quotesElsewhere,
  }: { authorId: string; content: string; quotesElsewhere: boolean },
): Promise<boolean> {
  return (
    quotesElsewhere ||
    mentionsIn(content).elsewhere.length > 0 ||
    (await deps.federation.reachesOtherServers(db, authorId))
  );
}

export async function createPost(
  deps: PostDeps & Pick<AppContext, "limits">,
  {
    authorId,
    now = new Date(),
    ...input
  }: {
    authorId: string;
    content: string;
    /** docs/feed.md "Content warnings". */
    contentWarning: string | null;
    imageSensitive: boolean;
    /** The card of its first link (docs/feed.md "Link previews"), or null. */
    linkPreviewId: string | null;
    /** The post it quotes (docs/feed.md "Reposts and quotes"), or null. */
    quoteOf: string | null;
    /** The post from elsewhere it quotes (its id here), or null; not with `quoteOf`. */
    quoteNote: string | null;
    /** Who may comment on it (docs/safety.md "Who can reply and write"). */
    replyPolicy: WhoMay;
    /** Its images in order, at most POST_IMAGES_MAX (the route reads no more), each with its
     * description. */
    images: { bytes: Buffer; alt: string }[];
    now?: Date;
  },
): Promise<PostView> {
  await requireUnrestricted(deps.db, authorId);
  // A new account's post keeps no card: its links are inert (docs/safety.md "New accounts").
  const newAuthor = await spendNewAccountWrite(deps, { userId: authorId, write: "posts", now });
  // Refused before any image is stored; checked again in the transaction.
  if (input.quoteOf && input.quoteNote) {
    throw badRequest(ERROR_CODES.validation, "A post quotes one post.", {
      quoteNote: ["A post quotes one post."],
    });
  }
  if (input.quoteOf) await requireQuotable(deps.db, { viewerId: authorId, postId: input.quoteOf });
  const quoteNote = input.quoteNote;
  if (quoteNote)
    await requireQuotableNote(deps, deps.db, { viewerId: authorId, noteId: quoteNote });
  const linkPreviewId = await chosenPreviewId(deps.db, {
    linkPreviewId: newAuthor ? null : input.linkPreviewId,
    content: input.content,
    hasImages: input.images.length > 0,
  });
  // The event shows the post as hydration presents it, read once the post has committed; the
  // same read is the answer.
  let committed = false;
  let post: PostView | undefined;
  const insert = (stored: StoredImage[]) =>
    deps.outbox.transaction(async (tx, fx) => {
      const { quoteOf } = input;
      if (quoteOf) await requireQuotable(tx, { viewerId: authorId, postId: quoteOf });
      if (quoteNote) await requireQuotableNote(deps, tx, { viewerId: authorId, noteId: quoteNote });
      const id = await insertAtFreeSlug(tx, {
        userId: authorId,
        content: input.content,
        contentWarning: input.contentWarning,
        images: stored.map((image, n) => ({ ...image, alt: input.images[n]?.alt ?? "" })),
        // Only images can be sensitive.
        imageSensitive: stored.length > 0 && input.imageSensitive,
        linkPreviewId,
        quoteOf,
        quoteNoteId: quoteNote,
        replyPolicy: input.replyPolicy,
      });
      if (quoteOf) {
        await countNewQuote(tx, fx, {
          quoteId: id,
          quoteOf,
          authorId,
          text: input.content,
          warning: input.contentWarning,
        });
      }
      await writeToTimelines(tx, { postId: id, authorId });
      await tagPost(tx, { postId: id, content: input.content });
      const reach = { authorId, content: input.content, quotesElsewhere: quoteNote !== null };
      if (await reachesElsewhere(deps, tx, reach)) {
        fx.federate({ kind: "post.create", postId: id, authorId });
      }
      const written = { postId: id, postAuthorId: authorId, postText: input.content };
      for (const recipientId of await recordMentions(tx, { authorId, ...written })) {
        fx.publishAfterCommit({ type: "activity.created", recipientId });
        const notice = { kind: "mention" as const, actorId: authorId, postId: id };
        await tellByPush(tx, fx, { recipientId, notice });
      }
      fx.publishAfterCommit(async () => {
        committed = true;
        post = await getPost(deps, { postId: id, viewerId: authorId });
        return {
          type: "post.created",
          authorId,
          // A quote's card depends on the reader: the message says only that there is one, and
          // each reader's page reads the post for its own card (docs/feed.md "Reposts and quotes").
          post: {
            ...post,
            isAuthor: false,
            likedByMe: false,
            canReply: undefined,
            quote: post.quote && { unavailable: true, detached: false },
          },
        };
      });
      return id;
    });
  // No half state: the images of a post that was not saved, or of one with a refused image, are
  // removed again (a saved post's stay).
  if (input.images.length > 0) {
    await storeImagesThenWrite(deps.store, {
      ownerId: authorId,
      kind: "post",
      images: input.images.map((image) => image.bytes),
      write: insert,
      // Another post of theirs may show the same image (one key for identical bytes).
      inUse: async (url) => committed || (await showsImage(deps.db, { userId: authorId, url })),
    });
  } else await insert([]);
  return post as PostView;
}

/** The live post, if the viewer wrote it (spec-1 §6: edit and delete only one's own posts). */
export async function requireAuthor(db: Db, { viewerId, postId }: PostAction) {
  const post = await findLivePost(db, postId);
  if (!post) throw postNotFound();
  requireOwner({ viewerId, ownerId: post.userId, permission: "post.change" });
  return post;
}

/** Changes a post's text, and its content warning and image flag when given (left out, they
 * stay). */
export async function editPost(
  deps: PostDeps,
  {
    viewerId,
    postId,
    content,
    ...flags
  }: PostAction & { content: string; contentWarning?: string | null; imageSensitive?: boolean },
): Promise<PostView> {
  const post = await requireAuthor(deps.db, { viewerId, postId });
  const contentWarning =
    flags.contentWarning === undefined ? post.contentWarning : flags.contentWarning;
  const imageSensitive = post.images.length > 0 && (flags.imageSensitive ?? post.imageSensitive);
  const updatedAt = new Date();
  const change = { content, contentWarning, imageSensitive };
  const update = async (db: Db, fx: LiveEffects) => {
    await updatePostContent(db, { postId, authorId: viewerId, ...change, updatedAt });
    if (retag) await tagPost(db, { postId, content });
    fx.publishAfterCommit({
      type: "post.updated",
      authorId: viewerId,
      postId,
      ...change,
      updatedAt: updatedAt.toISOString(),
    });
  };
  // The tags follow the new text (docs/feed.md "Hashtags"), in the edit's transaction.
  const retag = hasTags(content) || hasTags(post.content);
  const federated = await reachesElsewhere(deps, deps.db, {
    authorId: viewerId,
    content,
    quotesElsewhere: post.quoteNoteId !== null,
  });
  // One statement needs no transaction, unless the edit also retags or must reach other servers.
  if (federated || retag) {
    await deps.outbox.transaction(async (tx, fx) => {
      await update(tx, fx);
      if (federated) fx.federate({ kind: "post.update", postId, authorId: viewerId });
    });
  } else await deps.outbox.statement(update);
  return getPost(deps, { postId, viewerId });
}

export async function deletePost(deps: PostDeps, action: PostAction): Promise<{ ok: true }> {
  await requireAuthor(deps.db, action);
  const post = { postId: action.postId, authorId: action.viewerId };
  await deps.outbox.transaction(async (tx, fx) => {
    await removePostFromTimelines(tx, post);
    await deletePinsOfPost(tx, post.postId);
    await untagPost(tx, post.postId);
    const deleted = await softDeletePost(tx, post);
    if (deleted) {
      await uncountQuote(tx, fx, { quoteId: post.postId, authorId: post.authorId, ...deleted });
    }
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

/** The spec's toggle_post_like: one transaction, its change one statement (queries.ts
 * toggleLikeRow), so likes_count always equals the like rows. */
export async function togglePostLike(deps: PostDeps, { viewerId, postId }: PostAction) {
  const notice = { kind: "like", actorId: viewerId, postId } as const;
  return deps.outbox.transaction(async (tx, fx) => {
    const toggled = await toggleLikeRow(
      tx,
      { postId, userId: viewerId },
      {
        notice: (at) => noticeInStatement({ ...at, actorId: viewerId, type: "LIKE" }),
        targets: (recipient) => pushTargetsOf(recipient, notice),
      },
    );
    if (!toggled) throw postNotFound();
    // Neither removed nor added: a concurrent request of the same person already liked it.
    const result = { liked: toggled.liked || !toggled.unliked, likesCount: toggled.count };
    fx.publishAfterCommit({
      type: "post.liked",
      postId,
      authorId: toggled.authorId,
      userId: viewerId,
      ...result,
    });
    if (toggled.noticed) {
      fx.publishAfterCommit({ type: "activity.created", recipientId: toggled.authorId });
      await tellByPush(tx, fx, {
        recipientId: toggled.authorId,
        notice,
        targets: toggled.targets,
      });
    }
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
