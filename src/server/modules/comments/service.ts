// Comments (spec-2 §2, §5): one level of replies, comments_count kept exact in the same
// transaction, likes per comment, activity for the post's author and the replied-to person.

import { ERROR_CODES } from "../../../domain/contracts/errors";
import type { CommentView } from "../../../domain/contracts/posts";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { EventBus } from "../../realtime/bus";
import { recordActivity } from "../activity/record";
import { toPersonSummary } from "../follows/service";
import { bumpPostCounter, findLivePost } from "../posts/queries";
import {
  bumpCommentLikes,
  type CommentRow,
  findComment,
  insertComment,
  listComments,
  toggleCommentLikeRow,
} from "./queries";

const postNotFound = () => new AppError(404, ERROR_CODES.notFound, "Post not found");
const commentNotFound = () => new AppError(404, ERROR_CODES.notFound, "Comment not found");

type CommentFields = Omit<CommentView, "replies">;

function present(row: CommentRow): CommentFields {
  return {
    id: row.comment.id,
    postId: row.comment.postId,
    author: toPersonSummary(row.author),
    content: row.comment.content,
    parentCommentId: row.comment.parentCommentId,
    likesCount: row.comment.likesCount,
    likedByMe: Boolean(row.likedByMe),
    createdAt: row.comment.createdAt.toISOString(),
  };
}

export async function commentThread(
  db: Db,
  postId: string,
  viewerId: string | null,
): Promise<CommentView[]> {
  if (!(await findLivePost(db, postId))) throw postNotFound();
  const rows = (await listComments(db, postId, viewerId)).map(present);
  const top = rows
    .filter((c) => c.parentCommentId === null)
    .map((c) => ({ ...c, replies: [] as CommentFields[] }));
  const byId = new Map(top.map((c) => [c.id, c]));
  for (const reply of rows) {
    if (reply.parentCommentId) byId.get(reply.parentCommentId)?.replies.push(reply);
  }
  return top;
}

export async function addComment(
  deps: { db: Db; bus: EventBus },
  authorId: string,
  postId: string,
  input: { content: string; parentCommentId?: string | null | undefined },
): Promise<CommentFields> {
  const result = await deps.db.transaction(async (tx) => {
    let parentId: string | null = null;
    let parentAuthor: string | null = null;
    if (input.parentCommentId) {
      const parent = await findComment(tx, input.parentCommentId);
      if (!parent || parent.postId !== postId) throw commentNotFound();
      // One level of replies: a reply to a reply attaches to its top-level comment.
      parentId = parent.parentCommentId ?? parent.id;
      parentAuthor = parent.userId;
    }
    const post = await bumpPostCounter(tx, postId, "comments", 1);
    if (!post) throw postNotFound();
    const comment = await insertComment(tx, {
      postId,
      userId: authorId,
      content: input.content,
      parentCommentId: parentId,
    });
    const notified = [
      await recordActivity(tx, {
        recipientId: post.userId,
        actorId: authorId,
        type: "COMMENT",
        postId,
        postText: post.content,
        commentText: input.content,
      }),
    ];
    if (parentAuthor && parentAuthor !== post.userId) {
      notified.push(
        await recordActivity(tx, {
          recipientId: parentAuthor,
          actorId: authorId,
          type: "REPLY",
          postId,
          postText: post.content,
          commentText: input.content,
        }),
      );
    }
    return {
      commentId: comment.id,
      commentsCount: post.count,
      notified: notified.filter((id): id is string => id !== null),
    };
  });
  await deps.bus.publish({ type: "post.counted", postId, commentsCount: result.commentsCount });
  for (const recipientId of result.notified)
    await deps.bus.publish({ type: "activity.created", recipientId });
  const row = (await listComments(deps.db, postId, authorId)).find(
    (r) => r.comment.id === result.commentId,
  );
  if (!row) throw commentNotFound();
  return present(row);
}

/** Toggle with the count never below 0 (a check constraint) and equal to the like rows. */
export async function toggleCommentLike(db: Db, viewerId: string, commentId: string) {
  return db.transaction(async (tx) => {
    if (!(await findComment(tx, commentId))) throw commentNotFound();
    const delta = await toggleCommentLikeRow(tx, commentId, viewerId);
    const likesCount = await bumpCommentLikes(tx, commentId, delta);
    return { liked: delta >= 0, likesCount };
  });
}
