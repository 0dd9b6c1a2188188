// 'Delete this post?' (spec-1 §2): Cancel, or Delete, which stays busy until the server answers.
import { AlertDialog } from "radix-ui";
import { useDeletePostMutation } from "../state/queries/posts";
import { Button } from "./button";
import { dialogContentClass, dialogOverlayClass } from "./post-edit-dialog";

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
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content
          className={`${dialogContentClass} max-w-sm`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <AlertDialog.Title className="text-lg font-bold">Delete this post?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            It will be removed from your profile and from the feeds of your followers.
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" busy={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
