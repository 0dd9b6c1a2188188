// The comments under a post (spec-2 §2): top-level comments oldest first, each with one level of
// replies, loaded page by page ('Load more comments'). Reply on a comment or on a reply opens one
// inline box at the end of that thread: a reply to a reply joins the top-level comment, as the
// server files it (spec-2 §5). A viewer the post's 'Who can reply' leaves out gets no Reply
// (docs/safety.md "Who can reply and write").

import { useMemo, useState } from "react";
import { threadComments } from "../../../domain/comment-threads";
import { displayName } from "../../../domain/display-name";
import { LoadMore } from "../../components/controls/load-more";
import { LoadError } from "../../components/feedback/load-error";
import { loadedComments, useCommentsQuery } from "../../state/queries/comments";
import { CommentItem } from "./comment-item";
import { ReplyForm } from "./reply-form";

interface CommentThreadProps {
  postId: string;
  /** The post's author, who may delete any comment on it. */
  postAuthorId: string;
  /** The signed-in viewer, or null. */
  viewerId: string | null;
  onSignedOut: (() => void) | null;
  /** The viewer may reply (or, signed out, may try after signing in). */
  canReply: boolean;
}

export function CommentThread({
  postId,
  postAuthorId,
  viewerId,
  onSignedOut,
  canReply,
}: CommentThreadProps) {
  const comments = useCommentsQuery(postId);
  const threads = useMemo(() => threadComments(loadedComments(comments.data)), [comments.data]);
  const [replyTo, setReplyTo] = useState<{ topId: string; name: string } | null>(null);
  const canDelete = (authorId: string) =>
    viewerId !== null && (viewerId === authorId || viewerId === postAuthorId);

  if (comments.isPending) {
    return (
      <p role="status" className="py-8 text-center text-neutral-500 dark:text-neutral-400">
        Loading comments...
      </p>
    );
  }
  if (comments.isError) {
    return (
      <LoadError
        message="Could not load comments"
        onRetry={() => void comments.refetch()}
        retrying={comments.isFetching}
        className="py-8"
      />
    );
  }
  if (threads.length === 0 && !comments.hasNextPage) {
    return (
      <p className="py-8 text-center text-neutral-500 dark:text-neutral-400">No comments yet</p>
    );
  }
  return (
    <>
      <ul aria-label="Comments" className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {threads.map((top) => (
          <li key={top.id} className="py-4">
            <CommentItem
              postId={postId}
              comment={top}
              canDelete={canDelete(top.author.userId)}
              onSignedOut={onSignedOut}
              onReply={
                canReply ? () => setReplyTo({ topId: top.id, name: displayName(top.author) }) : null
              }
            />
            {top.replies.length > 0 ? (
              <ul
                aria-label={`Replies to ${displayName(top.author)}`}
                className="mt-3 ml-5 space-y-3 border-l-2 border-neutral-200 pl-4 sm:ml-12 dark:border-neutral-800"
              >
                {top.replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem
                      postId={postId}
                      comment={reply}
                      small
                      canDelete={canDelete(reply.author.userId)}
                      onSignedOut={onSignedOut}
                      onReply={
                        canReply
                          ? () => setReplyTo({ topId: top.id, name: displayName(reply.author) })
                          : null
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {canReply && replyTo?.topId === top.id ? (
              <div className="mt-3 ml-5 pl-4 sm:ml-12">
                <ReplyForm
                  key={replyTo.name}
                  postId={postId}
                  parentCommentId={top.id}
                  label={`Write a reply to ${replyTo.name}`}
                  autoFocus
                  onDone={() => setReplyTo(null)}
                  onCancel={() => setReplyTo(null)}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMore list={comments} label="Load more comments" className="py-4" />
    </>
  );
}
