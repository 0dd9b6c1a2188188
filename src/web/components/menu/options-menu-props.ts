// What the options menu takes (options-menu.tsx), apart from the component, so the panel that
// loads later (options-menu-panel.tsx) reads the same props without importing the component that
// loads it.
import type { ReactNode, Ref } from "react";

export interface MenuButtonLook {
  /** The button's accessible name, e.g. 'Post options'. */
  label: string;
  size?: "sm" | "md";
  triggerClassName?: string;
}

export interface OptionsMenuProps extends MenuButtonLook {
  /** OptionsMenuItem elements (options-menu-item.tsx). */
  children: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  onOpenChange?: (open: boolean) => void;
  /** Its button was used before this menu was drawn (`OptionsMenuOnUse`): it opens at once. */
  usedAlready?: boolean;
}
