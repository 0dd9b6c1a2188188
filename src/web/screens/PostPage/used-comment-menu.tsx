// The 'Comment options' menu once its button has been used (comment-menu.tsx), in a chunk of its
// own with the safety actions' dialogs (docs/performance.md "Initial JavaScript").
import { useRef, useState } from "react";
import type { CommentView } from "../../../domain/contracts/posts";
import { OptionsMenu, type WithLook } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["report", "mute", "block"];

export default function UsedCommentMenu({ comment, look }: WithLook<{ comment: CommentView }>) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "comment", id: comment.id }, person: comment.author },
    { actions: ACTIONS, menuOpen, triggerRef: trigger },
  );
  return (
    <>
      <OptionsMenu {...look} triggerRef={trigger} onOpenChange={setMenuOpen} usedAlready>
        {safety.items}
      </OptionsMenu>
      {safety.dialogs}
    </>
  );
}
