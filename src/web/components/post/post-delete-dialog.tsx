// 'Delete this post?' (spec-1 §2): Cancel, or Delete, which stays busy until the server answers.
import { useDeletePostMutation } from "../../state/queries/posts";
import { ConfirmDialog } from "../dialog/confirm-dialog";

interface PostDeleteDialogProps {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (() => void) | undefined;
  onCloseAutoFocus?: (event: Event) => void;
}

export function PostDeleteDialog(props: PostDeleteDialogProps) {
  const { postId, open, onOpenChange, onDeleted, onCloseAutoFocus } = props;
  const remove = useDeletePostMutation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description="It will be removed from your profile and from the feeds of your followers."
      confirmLabel="Delete"
      busy={remove.isPending}
      onCloseAutoFocus={onCloseAutoFocus}
      onConfirm={() =>
        remove.mutate(postId, {
          onSuccess: () => {
            onOpenChange(false);
            onDeleted?.();
          },
        })
      }
    />
  );
}
