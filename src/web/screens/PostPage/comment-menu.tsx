// The 'Comment options' menu on someone else's comment (docs/safety.md): Report it, or Mute or
// Block its author.
import { useRef, useState } from "react";
import type { CommentView } from "../../../domain/contracts/posts";
import { OptionsMenu } from "../../components/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["report", "mute", "block"];

export function CommentMenu({ comment }: { comment: CommentView }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "comment", id: comment.id }, person: comment.author },
    { actions: ACTIONS, menuOpen, triggerRef: trigger },
  );
  return (
    <>
      <OptionsMenu
        label={`Comment options, ${comment.author.fullName || comment.author.handle}`}
        triggerRef={trigger}
        triggerClassName="-my-1.5 -mr-2"
        onOpenChange={setMenuOpen}
      >
        {safety.items}
      </OptionsMenu>
      {safety.dialogs}
    </>
  );
}
