// The 'Message options' menu once its button has been used (message-menu.tsx), in a chunk of its
// own with the report dialog (docs/performance.md "Initial JavaScript").

import { useRef, useState } from "react";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { OptionsMenu, type WithLook } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["report"];

export interface MessageMenuProps {
  messageId: string;
  sender: PersonSummary;
}

export default function UsedMessageMenu({ messageId, sender, look }: WithLook<MessageMenuProps>) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "message", id: messageId }, person: sender },
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
