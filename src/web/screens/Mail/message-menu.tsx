// The 'Message options' menu on a message from another member (docs/safety.md "Report"), drawn
// from the first use of its button on (`OptionsMenuOnUse`).
import { useRef, useState } from "react";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { OptionsMenu, OptionsMenuOnUse } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["report"];

interface MessageMenuProps {
  messageId: string;
  sender: PersonSummary;
}

const LOOK = { label: "Message options", triggerClassName: "-my-2 -mr-2 ml-auto" };

export function MessageMenu(props: MessageMenuProps) {
  return (
    <OptionsMenuOnUse {...LOOK}>
      <UsedMessageMenu {...props} />
    </OptionsMenuOnUse>
  );
}

function UsedMessageMenu({ messageId, sender }: MessageMenuProps) {
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
