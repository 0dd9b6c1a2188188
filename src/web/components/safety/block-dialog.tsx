// 'Block @x?' (docs/safety.md "Block"): what a block does, said before it is done. The blocked
// person is not told; a failure keeps the dialog open and says why.

import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useBlockMutation } from "../../state/queries/safety";
import { ConfirmDialog } from "../dialog/confirm-dialog";

export const BLOCK_EXPLAINED =
  "They will not be able to follow you, message you, comment on or like your posts, or find you in search. They will not be told.";

interface BlockDialogProps {
  person: { userId: string; handle: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

export function BlockDialog({ person, open, onOpenChange, onCloseAutoFocus }: BlockDialogProps) {
  const block = useBlockMutation();
  const { userId, handle } = person;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Block @${handle}?`}
      description={BLOCK_EXPLAINED}
      confirmLabel="Block"
      busy={block.isPending}
      onCloseAutoFocus={onCloseAutoFocus}
      onConfirm={() =>
        block.mutate(
          { userId, on: true },
          {
            onSuccess: () => {
              onOpenChange(false);
              toast.success(`Blocked @${handle}`);
            },
            onError: (error) =>
              toast.error(errorMessage(error, `Could not block @${handle}. Please try again.`)),
          },
        )
      }
    />
  );
}
