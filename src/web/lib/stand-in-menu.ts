// A menu button that stands in for its menu until it is first used (click, Enter, Space, ↑ or ↓):
// it looks and reads as the menu's own button, and only then is the menu drawn, open. The menu's
// code loads once someone uses the page (lib/later-component.ts), or as the button is used before
// that. Menus nobody opens draw nothing but their button (docs/performance.md
// "Lighthouse").
import { type KeyboardEvent, type Ref, useState } from "react";
import { type LaterComponent, useLaterComponent } from "./later-component";

/** Points `ref` at `element`, whichever kind of ref it is. */
export function assignRef<T>(ref: Ref<T> | undefined, element: T | null) {
  if (typeof ref === "function") ref(element);
  else if (ref) ref.current = element;
}

/** Props for a stand-in menu button that calls `onUse` when used. */
export function standInButton(onUse: () => void, buttonRef?: Ref<HTMLButtonElement>) {
  return {
    ref: (element: HTMLButtonElement | null) => assignRef(buttonRef, element),
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    onClick: onUse,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      onUse();
    },
  };
}

/** The menu once its button has been used (null before: draw the stand-in), and the stand-in's
 * props. `usedAlready`: an earlier stand-in was used before this one was drawn
 * (components/menu/options-menu.tsx `OptionsMenuOnUse`). The menu, when drawn, starts open. */
export function useStandInMenu<P>(
  later: LaterComponent<P>,
  buttonRef?: Ref<HTMLButtonElement>,
  usedAlready = false,
) {
  const [used, setUsed] = useState(usedAlready);
  const [Menu, loadNow] = useLaterComponent(later, used);
  const button = standInButton(() => {
    setUsed(true);
    loadNow();
  }, buttonRef);
  return { Menu: used ? Menu : null, button };
}
