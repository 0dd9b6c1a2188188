// The 'Comment options' menu on someone else's comment (docs/safety.md): Report it, or Mute or
// Block its author, drawn from the first use of its button on (`OptionsMenuOnUse`).
import { useRef, useState } from "react";
import type { CommentView } from "../../../domain/contracts/posts";
import { displayName } from "../../../domain/display-name";
import { OptionsMenu, OptionsMenuOnUse } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["report", "mute", "block"];

const look = (comment: CommentView) => ({
  label: `Comment options, ${displayName(comment.author)}`,
  triggerClassName: "-my-1.5 -mr-2",
});

export function CommentMenu({ comment }: { comment: CommentView }) {
  return (
    <OptionsMenuOnUse {...look(comment)}>
      <UsedCommentMenu comment={comment} />
    </OptionsMenuOnUse>
  );
}

function UsedCommentMenu({ comment }: { comment: CommentView }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "comment", id: comment.id }, person: comment.author },
    { actions: ACTIONS, menuOpen, triggerRef: trigger },
  );
  return (
    <>
      <OptionsMenu {...look(comment)} triggerRef={trigger} onOpenChange={setMenuOpen} usedAlready>
        {safety.items}
      </OptionsMenu>
      {safety.dialogs}
    </>
  );
}
