// The '…' options menu of posts, comments, messages and profiles. The menu itself, on Radix's
// DropdownMenu (options-menu-panel.tsx), is kept out of the first download (docs/performance.md
// "Initial JavaScript"): it loads when the browser is first idle, and until then the same button
// stands in its place; used before that, the button loads the menu and it opens at once.
import { MoreHorizontal } from "lucide-react";
import { type KeyboardEvent, type ReactNode, type Ref, useRef, useState } from "react";
import { laterComponent, useLaterComponent } from "../lib/later-component";
import { IconButton } from "./icon-button";

export interface OptionsMenuProps {
  /** The button's accessible name, e.g. 'Post options'. */
  label: string;
  /** OptionsMenuItem elements (options-menu-item.tsx). */
  children: ReactNode;
  size?: "sm" | "md";
  triggerClassName?: string;
  triggerRef?: Ref<HTMLButtonElement>;
  onOpenChange?: (open: boolean) => void;
}

type PanelProps = OptionsMenuProps & { startOpen: boolean; focusButton: boolean };
const panel = laterComponent<PanelProps>(() => import("./options-menu-panel"));

/** Loads the menu (main.tsx, when idle). */
export const loadOptionsMenuPanel = panel.load;

export function OptionsMenu(props: OptionsMenuProps) {
  const { label, size = "sm", triggerClassName, triggerRef } = props;
  const [Panel, loadNow] = useLaterComponent(panel, false);
  const [startOpen, setStartOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  if (Panel) {
    const focusButton = button.current !== null && document.activeElement === button.current;
    return <Panel {...props} startOpen={startOpen} focusButton={focusButton} />;
  }
  const open = () => {
    setStartOpen(true);
    loadNow();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    open();
  };
  const setButton = (element: HTMLButtonElement | null) => {
    button.current = element;
    if (typeof triggerRef === "function") triggerRef(element);
    else if (triggerRef) triggerRef.current = element;
  };
  return (
    <IconButton
      ref={setButton}
      label={label}
      size={size}
      className={triggerClassName}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <MoreHorizontal aria-hidden="true" size={18} />
    </IconButton>
  );
}
