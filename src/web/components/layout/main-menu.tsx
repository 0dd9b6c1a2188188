// The header's menu (spec-1 §2). Its panel, on Radix's DropdownMenu (main-menu-panel.tsx), is kept
// out of the first download (docs/performance.md "Initial JavaScript"): main.tsx loads it once
// someone uses the page. Until the button is first used the same button stands in its place, and
// used, the panel is drawn open, keyboard focus included (lib/stand-in-menu.ts).
import { laterComponent } from "../../lib/later-component";
import { useStandInMenu } from "../../lib/stand-in-menu";
import { IconButton } from "../controls/icon-button";
import { type MainMenuProps, MenuFace } from "./main-menu-face";

const panel = laterComponent<MainMenuProps>(() => import("./main-menu-panel"));

/** Loads the panel (main.tsx, once someone uses the page). */
export const loadMainMenuPanel = panel.load;

export function MainMenu(props: MainMenuProps) {
  const { Menu, button } = useStandInMenu(panel);
  if (Menu) return <Menu {...props} />;
  const unread = props.signedIn && (props.unreadCount > 0 || props.mailUnreadCount > 0);
  return (
    <IconButton label="Menu" tone="inverse" {...button}>
      <MenuFace open={false} unread={unread} />
    </IconButton>
  );
}
