// 'Delete this post?' (spec-1 §2): Cancel, or Delete, which stays busy until the server answers.
import { useDeletePostMutation } from "../state/queries/posts";
import { Button } from "./button";
import { Dialog } from "./dialog";

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
  const confirm = () =>
    remove.mutate(postId, {
      onSuccess: () => {
        onOpenChange(false);
        onDeleted?.();
      },
    });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      alert
      width="sm"
      title="Delete this post?"
      description="It will be removed from your profile and from the feeds of your followers."
      onCloseAutoFocus={onCloseAutoFocus}
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
