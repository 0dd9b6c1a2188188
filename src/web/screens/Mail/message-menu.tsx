// The 'Message options' menu on a message from another member (docs/safety.md "Report").
import { useRef, useState } from "react";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { OptionsMenu } from "../../components/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["report"];

export function MessageMenu({ messageId, sender }: { messageId: string; sender: PersonSummary }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "message", id: messageId }, person: sender },
    { actions: ACTIONS, menuOpen, triggerRef: trigger },
  );
  return (
    <>
      <OptionsMenu
        label="Message options"
        triggerRef={trigger}
        triggerClassName="-my-2 -mr-2 ml-auto"
        onOpenChange={setMenuOpen}
      >
        {safety.items}
      </OptionsMenu>
      {safety.dialogs}
    </>
  );
}
