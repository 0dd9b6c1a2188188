// The '…' options menu of posts, comments, messages and profiles. The menu itself, on Radix's
// DropdownMenu (options-menu-panel.tsx), is kept out of the first download (docs/performance.md
// "Initial JavaScript"): main.tsx loads it when the browser is first idle. Until the button is
// first used the same button stands in its place, and used, the menu is drawn open
// (lib/stand-in-menu.ts).
import { MoreHorizontal } from "lucide-react";
import { type ReactNode, useState } from "react";
import { laterComponent } from "../../lib/later-component";
import { standInButton, useStandInMenu } from "../../lib/stand-in-menu";
import { IconButton } from "../controls/icon-button";
import type { MenuButtonLook, OptionsMenuProps } from "./options-menu-props";

const panel = laterComponent<OptionsMenuProps>(() => import("./options-menu-panel"));

/** Loads the menu (main.tsx, when idle). */
export const loadOptionsMenuPanel = panel.load;

function StandInButton({
  look: { label, size = "sm", triggerClassName, trigger },
  button,
}: {
  look: MenuButtonLook;
  button: ReturnType<typeof standInButton>;
}) {
  if (trigger) return trigger(button);
  return (
    <IconButton label={label} size={size} className={triggerClassName} {...button}>
      <MoreHorizontal aria-hidden="true" size={18} />
    </IconButton>
  );
}

export function OptionsMenu(props: OptionsMenuProps) {
  const { Menu, button } = useStandInMenu(panel, props.triggerRef, props.usedAlready);
  if (Menu) return <Menu {...props} />;
  return <StandInButton look={props} button={button} />;
}

/**
 * The menu's button alone until it is first used, then `children`: the menu's owner, drawing an
 * `OptionsMenu` marked `usedAlready`, which opens at once. The items' queries and mutations and
 * the dialogs they open are built for the menus people open, not for every post of a list
 * (docs/performance.md "Lighthouse").
 */
export function OptionsMenuOnUse({ children, ...look }: MenuButtonLook & { children: ReactNode }) {
  const [used, setUsed] = useState(false);
  if (used) return children;
  return <StandInButton look={look} button={standInButton(() => setUsed(true))} />;
}
