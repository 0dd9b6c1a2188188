// The 'Message options' menu once its button has been used (message-menu.tsx), in a chunk of its
// own with the report dialog (docs/performance.md "Initial JavaScript").
import { useRef, useState } from "react";
import { OptionsMenu } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";
import { LOOK, type MessageMenuProps } from "./message-menu";

const ACTIONS: readonly SafetyAction[] = ["report"];

export default function UsedMessageMenu({ messageId, sender }: MessageMenuProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "message", id: messageId }, person: sender },
    { actions: ACTIONS, menuOpen, triggerRef: trigger },
  );
  return (
    <>
      <OptionsMenu {...LOOK} triggerRef={trigger} onOpenChange={setMenuOpen} usedAlready>
        {safety.items}
      </OptionsMenu>
      {safety.dialogs}
    </>
  );
}
