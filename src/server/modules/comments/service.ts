// Comments (spec-2 §2, §5): listed flat and oldest first in pages, one level of replies,
// comments_count kept exact in the same transaction, likes per comment, activity for the post's
// author and the replied-to person.
import type { CommentView } from "../../../domain/contracts/posts";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { decodeUuidCursor, pageOf } from "../../db/keyset";
import { notFound } from "../../errors";
import { requireOwner } from "../../policy/access";
import { spendNewAccountWrite } from "../../policy/new-accounts";
import { requireMayReply } from "../../policy/replies";
import { requireUnrestricted } from "../../policy/restrictions";
import { canSee } from "../../policy/visibility";
import { recordMentions } from "../activity/mentions";
import { recordActivity } from "../activity/record";
import { bumpCommentsCount, livePost, visibleLivePost } from "../posts/for-comments";
import { requireVisiblePost } from "../posts/service";
import { toPersonSummary } from "../profiles/person";
import { tellByPush } from "../push/tell";
import {
  bumpCommentLikes,
  type CommentRow,
  findCommentView,
  findLiveComment,
  insertComment,
  listComments,
  softDeleteComment,
  toggleCommentLikeRow,
} from "./queries";

const postNotFound = () => notFound("Post not found");
const commentNotFound = () => notFound("Comment not found");

function present(row: CommentRow): CommentView {
  return {
    id: row.comment.id,
    postId: row.comment.postId,
    author: toPersonSummary(row.author),
    // A deleted or removed comment keeps its place in the thread but not its text.
    content: row.comment.deletedAt ? "" : row.comment.content,
    parentCommentId: row.comment.parentCommentId,
    likesCount: row.comment.likesCount,
    likedByMe: Boolean(row.likedByMe),
    deleted: row.comment.deletedAt !== null,
    contentWarning: null,
    createdAt: row.comment.createdAt.toISOString(),
  };
}

/** A page of a post's comments, oldest first: ours, and the replies from other servers
 * (docs/federation.md "Replies"), merged on the same keyset. */
export async function commentsPage(
  deps: Pick<AppContext, "db" | "federation" | "mutedWords">,
  input: { postId: string; viewerId: string | null; limit: number; cursor?: string | undefined },
): Promise<{ items: CommentView[]; nextCursor: string | null }> {
  const { db } = deps;
  const post = await visibleLivePost(db, input);
  if (!post?.visible) throw postNotFound();
  const cursor = decodeUuidCursor(input.cursor);
  const [rows, remote, mark] = await Promise.all([
    listComments(db, { ...input, cursor }),
    deps.federation.repliesTo(db, {
      postId: input.postId,
      viewerId: input.viewerId,
      limit: input.limit + 1,
      cursor,
    }),
    deps.mutedWords.marker(input.viewerId, { context: "comments", now: new Date() }),
  ]);
  const merged = [...rows.map(present), ...remote].sort(olderFirst);
  const { page, nextCursor } = pageOf(merged, input.limit, (comment) => ({
    at: new Date(comment.createdAt),
    id: comment.id,
  }));
  // A matching comment is collapsed in the thread (docs/safety.md "Muted words").
  for (const comment of page) {
    const muted = mark(comment.author.userId, [comment.contentWarning, comment.content]);
    if (muted.length > 0) comment.mutedBy = muted;
  }
  return { items: page, nextCursor };
}

const olderFirst = (a: CommentView, b: CommentView) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function addComment(
  deps: Pick<AppContext, "db" | "outbox" | "limits" | "config">,
  {
    authorId,
    postId,
    now = new Date(),
    ...input
  }: {
    authorId: string;
    postId: string;
    content: string;
    parentCommentId?: string | null | undefined;
    now?: Date;
  },
): Promise<CommentView> {
  await requireUnrestricted(deps.db, authorId);
  await spendNewAccountWrite(deps, { userId: authorId, write: "comments", now });
  const commentId = await deps.outbox.transaction(async (tx, fx) => {
    await requireVisiblePost(tx, { viewerId: authorId, postId });
    // The post's 'Who can reply' (docs/safety.md "Who can reply and write"), replies included.
    await requireMayReply(tx, { viewerId: authorId, postId });
    let parentId: string | null = null;
    let parentAuthor: string | null = null;
    if (input.parentCommentId) {
      const parent = await findLiveComment(tx, input.parentCommentId);
      if (!parent || parent.postId !== postId || !(await canSee(tx, authorId, parent.userId)))
        throw commentNotFound();
      // One level of replies: a reply to a reply attaches to its top-level comment.
      parentId = parent.parentCommentId ?? parent.id;
      parentAuthor = parent.userId;
    }
    const post = await bumpCommentsCount(tx, postId, 1);
    if (!post) throw postNotFound();
    const comment = await insertComment(tx, {
      postId,
      userId: authorId,
      content: input.content,
      parentCommentId: parentId,
    });
    const commented = await recordActivity(tx, {
      recipientId: post.userId,
      actorId: authorId,
      type: "COMMENT",
      postId,
      postText: post.content,
      commentText: input.content,
    });
    const replied =
      parentAuthor && parentAuthor !== post.userId
        ? await recordActivity(tx, {
            recipientId: parentAuthor,
            actorId: authorId,
            type: "REPLY",
            postId,
            postText: post.content,
            commentText: input.content,
          })
        : null;
    const notified = [commented, replied];
    const mentioned = await recordMentions(tx, {
      authorId,
      postId,
      postAuthorId: post.userId,
      postText: post.content,
      commentText: input.content,
      // The post's and the parent's authors have an item for this comment, told or held.
      told: [post.userId, parentAuthor],
    });
    notified.push(...mentioned);
    fx.publishAfterCommit({ type: "post.counted", postId, commentsCount: post.count });
    for (const [recipientId, reply] of [
      [commented, false],
      [replied, true],
    ] as const) {
      if (!recipientId) continue;
      const notice = { kind: "comment" as const, actorId: authorId, postId, reply };
      await tellByPush(tx, fx, { recipientId, notice });
    }
    for (const recipientId of mentioned) {
      const notice = { kind: "mention" as const, actorId: authorId, postId };
      await tellByPush(tx, fx, { recipientId, notice });
    }
    for (const recipientId of notified) {
      if (recipientId !== null) fx.publishAfterCommit({ type: "activity.created", recipientId });
    }
    return comment.id;
  });
  return commentAsAuthorSees(deps, { commentId, authorId });
}

/** A comment as its author reads it: the answer to adding it, and to adding it again
 * (outbox/answered-once.ts). */
export async function commentAsAuthorSees(
  deps: Pick<AppContext, "db">,
  { commentId, authorId }: { commentId: string; authorId: string },
): Promise<CommentView> {
  const row = await findCommentView(deps.db, { commentId, viewerId: authorId });
  if (!row) throw commentNotFound();
  return present(row);
}

/**
 * Deletes a comment (its author, or the post's author): a tombstone keeps its replies in place,
 * and comments_count drops in the same transaction, so it always equals the live comments.
 */
export async function deleteComment(
  deps: Pick<AppContext, "db" | "outbox">,
  { viewerId, commentId }: { viewerId: string; commentId: string },
): Promise<{ ok: true }> {
  await deps.outbox.transaction(async (tx, fx) => {
    const comment = await findLiveComment(tx, commentId);
    const post = comment && (await livePost(tx, comment.postId));
    if (!comment || !post) throw commentNotFound();
    requireOwner({
      viewerId,
      ownerId: [comment.userId, post.userId],
      permission: "comment.delete",
    });
    if (!(await softDeleteComment(tx, commentId))) throw commentNotFound();
    const counter = await bumpCommentsCount(tx, post.id, -1);
    fx.publishAfterCommit({
      type: "post.counted",
      postId: post.id,
      commentsCount: counter?.count ?? 0,
    });
  });
  return { ok: true };
}

/** Toggle with the count never below 0 (a check constraint) and equal to the like rows. */
export async function toggleCommentLike(
  db: Db,
  { viewerId, commentId }: { viewerId: string; commentId: string },
) {
  return db.transaction(async (tx) => {
    const comment = await findLiveComment(tx, commentId);
    if (!comment || !(await canSee(tx, viewerId, comment.userId))) throw commentNotFound();
    // A comment on a post the viewer may not see (a private account's) is not found either.
    if (!(await visibleLivePost(tx, { postId: comment.postId, viewerId }))?.visible)
      throw commentNotFound();
    const delta = await toggleCommentLikeRow(tx, { commentId, userId: viewerId });
    const likesCount = await bumpCommentLikes(tx, commentId, delta);
    return { liked: delta >= 0, likesCount };
  });
}
