// 'Who can reply', from the post's menu (docs/safety.md "Who can reply and write"): the author
// picks another circle and saves. Comments already there stay; the choice decides who may write
// next, which the dialog says. A refused save keeps the dialog open and says why under it.
import { type FormEvent, useEffect, useState } from "react";
import type { PostView } from "../../../domain/contracts/posts";
import { REPLY_CHOICE_LABELS, type WhoMay } from "../../../domain/reply-controls";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useReplyPolicyMutation } from "../../state/queries/reply-policy";
import { Button } from "../controls/button";
import { Dialog } from "../dialog/dialog";
import { WhoMayChoice } from "../form/who-may-choice";
import { WHO_CAN_REPLY } from "./reply-policy-select";

interface ReplyPolicyDialogProps {
  post: PostView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the menu button). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function ReplyPolicyDialog({
  post,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ReplyPolicyDialogProps) {
  const saved = post.replyPolicy ?? "everyone";
  const [choice, setChoice] = useState<WhoMay>(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const change = useReplyPolicyMutation();

  // Each opening starts from the post as it is now.
  useEffect(() => {
    if (!open) return;
    setChoice(saved);
    setFailure(null);
  }, [open, saved]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (choice === saved) {
      onOpenChange(false);
      return;
    }
    setFailure(null);
    change.mutate(
      { postId: post.id, replyPolicy: choice },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast.success(REPLY_CHOICE_LABELS[choice]);
        },
        onError: (error) => setFailure(errorMessage(error, "Could not save who can reply.")),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={WHO_CAN_REPLY}
      description="Comments already written stay. This decides who can comment from now on."
      width="sm"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={save} className="space-y-4">
        <WhoMayChoice
          name={`reply-policy-${post.id}`}
          legend="Who can comment on this post"
          labels={REPLY_CHOICE_LABELS}
          value={choice}
          onChange={setChoice}
        />
        {failure ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
