// The header's menu (spec-1 §2). Its panel, on Radix's DropdownMenu (main-menu-panel.tsx), is kept
// out of the first download (docs/performance.md "Initial JavaScript"): it loads when the browser
// is first idle, and until then the same button stands in its place; used before that, the
// button loads the panel and it opens at once, keyboard focus included.
import { type KeyboardEvent, useRef, useState } from "react";
import { laterComponent, useLaterComponent } from "../lib/later-component";
import { IconButton } from "./icon-button";
import { type MainMenuProps, MenuFace } from "./main-menu-face";

type PanelProps = MainMenuProps & { startOpen: boolean; focusButton: boolean };
const panel = laterComponent<PanelProps>(() => import("./main-menu-panel"));

/** Loads the panel (main.tsx, when idle). */
export const loadMainMenuPanel = panel.load;

export function MainMenu(props: MainMenuProps) {
  const [Panel, loadNow] = useLaterComponent(panel, false);
  const [startOpen, setStartOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
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
  const unread = props.signedIn && (props.unreadCount > 0 || props.mailUnreadCount > 0);
  return (
    <IconButton
      ref={button}
      label="Menu"
      tone="inverse"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <MenuFace open={false} unread={unread} />
    </IconButton>
  );
}
