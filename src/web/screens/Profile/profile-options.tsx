// The 'Profile options' menu on someone else's profile (docs/safety.md): Block or Unblock, Mute
// or Unmute, and Report @handle.
import { useRef, useState } from "react";
import { OptionsMenu } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["block", "mute", "report"];

export function ProfileOptions({ userId, handle }: { userId: string; handle: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "profile", id: userId }, person: { userId, handle } },
    { actions: ACTIONS, menuOpen, triggerRef: trigger },
  );
  return (
    <>
      <OptionsMenu
        label="Profile options"
        size="md"
        triggerRef={trigger}
        onOpenChange={setMenuOpen}
      >
        {safety.items}
      </OptionsMenu>
      {safety.dialogs}
    </>
  );
}
