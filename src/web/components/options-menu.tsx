// The '…' options menu of posts, comments, messages and profiles. The menu itself, on Radix's
// DropdownMenu (options-menu-panel.tsx), is kept out of the first download (docs/performance.md
// "Initial JavaScript"): main.tsx loads it when the browser is first idle, and until then the same
// button stands in its place; used before that, the button loads the menu and it opens at once
// (lib/stand-in-menu.ts).
import { MoreHorizontal } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { laterComponent } from "../lib/later-component";
import { type StandInState, useStandInMenu } from "../lib/stand-in-menu";
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

const panel = laterComponent<OptionsMenuProps & StandInState>(() => import("./options-menu-panel"));

/** Loads the menu (main.tsx, when idle). */
export const loadOptionsMenuPanel = panel.load;

export function OptionsMenu(props: OptionsMenuProps) {
  const { label, size = "sm", triggerClassName, triggerRef } = props;
  const { Menu, state, button } = useStandInMenu(panel, triggerRef);
  if (Menu) return <Menu {...props} {...state()} />;
  return (
    <IconButton label={label} size={size} className={triggerClassName} {...button}>
      <MoreHorizontal aria-hidden="true" size={18} />
    </IconButton>
  );
}
