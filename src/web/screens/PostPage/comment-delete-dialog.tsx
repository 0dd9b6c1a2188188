// 'Delete this comment?' for the comment's author or the post's author (docs/feed.md "Comments").

import { ConfirmDialog } from "../../components/dialog/confirm-dialog";
import { toast } from "../../lib/toast";
import { useDeleteCommentMutation } from "../../state/queries/comments";

interface CommentDeleteDialogProps {
  postId: string;
  commentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CommentDeleteDialog({
  postId,
  commentId,
  open,
  onOpenChange,
}: CommentDeleteDialogProps) {
  const remove = useDeleteCommentMutation(postId, commentId);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this comment?"
      description="Its text is removed for everyone; replies to it stay."
      confirmLabel="Delete"
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => onOpenChange(false),
          onError: () => toast.error("Could not delete the comment. Please try again."),
        })
      }
    />
  );
}
