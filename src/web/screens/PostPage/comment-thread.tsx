// The comments under a post (spec-2 §2): top-level comments oldest first, each with one level of
// replies. Reply on a comment or on a reply opens one inline box at the end of that thread: a
// reply to a reply joins the top-level comment, as the server files it (spec-2 §5).
import { useState } from "react";
import { LoadError } from "../../components/load-error";
import { useCommentsQuery } from "../../state/queries/comments";
import { CommentItem } from "./comment-item";
import { ReplyForm } from "./reply-form";

interface CommentThreadProps {
  postId: string;
  onSignedOut: (() => void) | null;
}

export function CommentThread({ postId, onSignedOut }: CommentThreadProps) {
  const comments = useCommentsQuery(postId);
  const [replyTo, setReplyTo] = useState<{ topId: string; name: string } | null>(null);

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
  if (comments.data.items.length === 0) {
    return (
      <p className="py-8 text-center text-neutral-500 dark:text-neutral-400">No comments yet</p>
    );
  }
  return (
    <ul aria-label="Comments" className="divide-y divide-neutral-200 dark:divide-neutral-800">
      {comments.data.items.map((top) => (
        <li key={top.id} className="py-4">
          <CommentItem
            postId={postId}
            comment={top}
            onSignedOut={onSignedOut}
            onReply={() =>
              setReplyTo({ topId: top.id, name: top.author.fullName || top.author.handle })
            }
          />
          {top.replies.length > 0 ? (
            <ul
              aria-label={`Replies to ${top.author.fullName || top.author.handle}`}
              className="mt-3 ml-5 space-y-3 border-l-2 border-neutral-200 pl-4 sm:ml-12 dark:border-neutral-800"
            >
              {top.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem
                    postId={postId}
                    comment={reply}
                    small
                    onSignedOut={onSignedOut}
                    onReply={() =>
                      setReplyTo({
                        topId: top.id,
                        name: reply.author.fullName || reply.author.handle,
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {replyTo?.topId === top.id ? (
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
  );
}
