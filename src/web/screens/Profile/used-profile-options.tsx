// The 'Profile options' menu once its button has been used (profile-options.tsx), in a chunk of
// its own with the safety actions' dialogs (docs/performance.md "Initial JavaScript").
import { useRef, useState } from "react";
import { OptionsMenu } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";
import { LOOK, type ProfileOptionsProps } from "./profile-options";

const ACTIONS: readonly SafetyAction[] = ["block", "mute", "report"];

export default function UsedProfileOptions({ userId, handle }: ProfileOptionsProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "profile", id: userId }, person: { userId, handle } },
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
