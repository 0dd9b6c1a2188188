// The 'Profile options' menu once its button has been used (profile-options.tsx), in a chunk of
// its own with the safety actions' dialogs (docs/performance.md "Initial JavaScript").
import { useRef, useState } from "react";
import { OptionsMenu, type WithLook } from "../../components/menu/options-menu";
import { type SafetyAction, useSafetyActions } from "../../components/safety/safety-actions";

const ACTIONS: readonly SafetyAction[] = ["block", "mute", "report"];

export interface ProfileOptionsProps {
  userId: string;
  handle: string;
}

export default function UsedProfileOptions({
  userId,
  handle,
  look,
}: WithLook<ProfileOptionsProps>) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const safety = useSafetyActions(
    { target: { type: "profile", id: userId }, person: { userId, handle } },
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
