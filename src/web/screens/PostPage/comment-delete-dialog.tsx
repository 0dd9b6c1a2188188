// 'Delete this comment?' for the comment's author or the post's author (docs/feed.md "Comments").
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
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
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => onOpenChange(false),
      onError: () => toast.error("Could not delete the comment. Please try again."),
    });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      alert
      width="sm"
      title="Delete this comment?"
      description="Its text is removed for everyone; replies to it stay."
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={confirm}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
