// A menu button drawn before its menu has loaded (lib/later-component.ts): it looks and reads as
// the menu's own button, and used (click, Enter, Space, ↑ or ↓) it loads the menu, which then
// opens at once; if it only had the focus, the loaded menu's button takes the focus over.
import { type KeyboardEvent, type Ref, useRef, useState } from "react";
import { type LaterComponent, useLaterComponent } from "./later-component";

/** What the loaded menu is told of its stand-in. */
export interface StandInState {
  startOpen: boolean;
  focusButton: boolean;
}

/** Points `ref` at `element`, whichever kind of ref it is. */
export function assignRef<T>(ref: Ref<T> | undefined, element: T | null) {
  if (typeof ref === "function") ref(element);
  else if (ref) ref.current = element;
}

export function useStandInMenu<P>(
  later: LaterComponent<P & StandInState>,
  buttonRef?: Ref<HTMLButtonElement>,
) {
  const [Menu, loadNow] = useLaterComponent(later, false);
  const [startOpen, setStartOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const open = () => {
    setStartOpen(true);
    loadNow();
  };
  return {
    Menu,
    /** Read as the menu replaces the stand-in, which is still in the page then. */
    state: (): StandInState => ({
      startOpen,
      focusButton: button.current !== null && document.activeElement === button.current,
    }),
    /** Props for the stand-in button. */
    button: {
      ref: (element: HTMLButtonElement | null) => {
        button.current = element;
        assignRef(buttonRef, element);
      },
      "aria-haspopup": "menu" as const,
      "aria-expanded": false,
      onClick: open,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
        event.preventDefault();
        open();
      },
    },
  };
}
