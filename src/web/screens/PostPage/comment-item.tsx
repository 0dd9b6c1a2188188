// One comment or reply (spec-2 §2): author, time, text, the like toggle (spec-2 §4), Reply, and
// Delete for the comment's author or the post's author; other signed-in readers get its options
// menu (docs/safety.md). A deleted comment reads 'Comment deleted'. A reply from another server
// links to its author's page here and has no actions yet (docs/federation.md "Replies"); its
// content warning, if it has one, hides its text until opened ("Content warnings"), and a comment
// the reader's muted words match shows collapsed until Show (docs/safety.md "Muted words").
import { clsx } from "clsx";
import { Heart } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CommentView } from "../../../domain/contracts/posts";
import { displayName } from "../../../domain/display-name";
import { formatCount } from "../../../domain/numbers";
import { Avatar } from "../../components/person/avatar";
import { ProfileBadges } from "../../components/person/profile-badges";
import { ContentWarning } from "../../components/post/content-warning";
import { countLabel } from "../../components/post/post-parts";
import { MutedHidden } from "../../components/safety/muted-hidden";
import { MentionText } from "../../components/text/mention-text";
import { TimeStamp } from "../../components/text/time-stamp";
import { useLikeCommentMutation } from "../../state/queries/comments";
import { useSessionUser } from "../../state/queries/session";
import { CommentDeleteDialog } from "./comment-delete-dialog";
import { CommentMenu } from "./comment-menu";

interface CommentItemProps {
  postId: string;
  comment: CommentView;
  small?: boolean;
  /** The viewer may delete it: they wrote it, or the post. */
  canDelete: boolean;
  /** Signed out: where Like and Reply send the visitor instead. */
  onSignedOut: (() => void) | null;
  /** Opens the reply box; null when the viewer may not reply (docs/safety.md "Who can reply and
   * write"): no Reply button then. */
  onReply: (() => void) | null;
}

const actionClass =
  "inline-flex min-h-9 items-center gap-1.5 rounded-full px-2 text-xs font-semibold tabular-nums";

export function CommentItem({
  postId,
  comment,
  small = false,
  canDelete,
  onSignedOut,
  onReply,
}: CommentItemProps) {
  const like = useLikeCommentMutation(postId, comment.id);
  const [deleting, setDeleting] = useState(false);
  const { user } = useSessionUser();
  if (comment.deleted) {
    return (
      <p className="py-1 text-sm text-neutral-500 italic dark:text-neutral-400">Comment deleted</p>
    );
  }
  const { author, remote } = comment;
  const name = displayName(author);
  const profilePath = remote ? `/@${remote.handle}` : `/${author.handle}`;
  return (
    <div className="flex gap-3">
      <Link to={profilePath} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar name={name} src={author.profileImageUrl} className={small ? "size-8" : "size-10"} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 items-baseline gap-x-1 whitespace-nowrap">
            <span className="flex max-w-[75%] min-w-0 shrink-0 items-center gap-1">
              <Link to={profilePath} className="truncate font-semibold hover:underline">
                {name}
              </Link>
              <ProfileBadges
                verificationType={author.verificationType}
                veteran={author.veteran}
                size={14}
              />
            </span>
            <span className="min-w-0 truncate text-sm text-neutral-500 dark:text-neutral-400">
              @{author.handle}
            </span>
            <span aria-hidden="true" className="text-neutral-400">
              ·
            </span>
            <TimeStamp
              at={comment.createdAt}
              className="shrink-0 text-sm text-neutral-500 dark:text-neutral-400"
            />
          </div>
          {user && user.id !== author.userId && !remote ? <CommentMenu comment={comment} /> : null}
        </div>
        <MutedHidden mutedBy={comment.mutedBy} className="mt-0.5">
          <ContentWarning warning={comment.contentWarning}>
            <p className="mt-0.5 break-words whitespace-pre-wrap">
              <MentionText text={comment.content} elsewhere={remote !== undefined} />
            </p>
          </ContentWarning>
        </MutedHidden>
        {remote ? null : (
          <div className="-ml-2 flex items-center gap-2">
            <button
              type="button"
              aria-pressed={comment.likedByMe}
              aria-label={`Like comment, ${countLabel(comment.likesCount, "like")}`}
              onClick={() => (onSignedOut ? onSignedOut() : like.mutate())}
              className={clsx(
                actionClass,
                "hover:bg-rose-50 hover:text-rose-600 dark:hover:bg-rose-950/40",
                comment.likedByMe
                  ? "text-rose-600 dark:text-rose-400"
                  : "text-neutral-500 dark:text-neutral-400",
              )}
            >
              <Heart
                aria-hidden="true"
                size={15}
                fill={comment.likedByMe ? "currentColor" : "none"}
              />
              <span aria-hidden="true">{formatCount(comment.likesCount)}</span>
            </button>
            {onReply ? (
              <button
                type="button"
                aria-label={`Reply to ${name}`}
                onClick={() => (onSignedOut ? onSignedOut() : onReply())}
                className={`${actionClass} text-neutral-500 hover:bg-sky-50 hover:text-sky-700 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-sky-400`}
              >
                Reply
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                aria-label={`Delete comment by ${name}`}
                onClick={() => setDeleting(true)}
                className={`${actionClass} text-neutral-500 hover:bg-red-50 hover:text-red-700 dark:text-neutral-400 dark:hover:bg-red-950/40 dark:hover:text-red-400`}
              >
                Delete
              </button>
            ) : null}
          </div>
        )}
        {canDelete ? (
          <CommentDeleteDialog
            postId={postId}
            commentId={comment.id}
            open={deleting}
            onOpenChange={setDeleting}
          />
        ) : null}
      </div>
    </div>
  );
}
