// The ARIA combobox with a listbox popup (WAI-ARIA APG "Combobox"), shared by the header search
// and the city field: the input keeps the focus and names the highlighted option with
// aria-activedescendant; ArrowDown/ArrowUp move (wrapping, and open a closed list), Enter picks,
// Escape closes. The caller owns the text, the items and whether the list is shown, and writes the
// roles and ARIA states on its elements from what this hook returns.
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useState } from "react";

interface ComboboxOptions<T> {
  items: readonly T[];
  /** The list is on screen. */
  expanded: boolean;
  /** Whether an arrow key may open the closed list (e.g. there is text to search for). */
  canOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onPick: (item: T) => void;
  /** Escape while the list is closed (the header search clears its text). Unset: Escape is left
   * to whatever holds the field, such as a dialog. */
  onEscapeClosed?: () => void;
  /** The highlight goes back to none whenever this changes, e.g. a new answer arrived. */
  resetKey: unknown;
}

export function useCombobox<T>(options: ComboboxOptions<T>) {
  const { items, expanded, canOpen, onOpen, onClose, onPick, onEscapeClosed, resetKey } = options;
  const id = useId();
  const [active, setActive] = useState(-1);
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const shown = expanded && items.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the caller's key changes
  useEffect(() => setActive(-1), [resetKey]);

  useEffect(() => {
    if (shown && active >= 0) {
      document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
    }
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!expanded && !canOpen) return;
        event.preventDefault();
        if (!expanded) onOpen();
        if (items.length === 0) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) =>
          !expanded || current < 0
            ? step === 1
              ? 0
              : items.length - 1
            : (current + step + items.length) % items.length,
        );
        return;
      }
      case "Enter": {
        const item = shown ? items[active] : undefined;
        if (!item) return;
        event.preventDefault(); // choosing an option does not submit a form
        onPick(item);
        return;
      }
      case "Escape":
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setActive(-1);
          onClose();
        } else if (onEscapeClosed) {
          event.preventDefault();
          event.stopPropagation();
          onEscapeClosed();
        }
        return;
    }
  }

  return {
    /** The listbox is on screen with options in it: the input's aria-expanded. */
    expanded: shown,
    listboxId,
    /** The input's aria-controls: the listbox, while it is there. */
    controls: shown ? listboxId : undefined,
    /** The input's aria-activedescendant. */
    activeId: shown && active >= 0 ? optionId(active) : undefined,
    activeIndex: shown ? active : -1,
    optionId,
    onKeyDown,
    /** The mouse on option `index`: hovering highlights it, a click picks it. */
    optionHandlers: (index: number) => ({
      // Keep the focus in the input: choosing with the mouse is not leaving the field.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onMouseEnter: () => setActive(index),
      onClick: () => {
        const item = items[index];
        if (item) onPick(item);
      },
    }),
  };
}
