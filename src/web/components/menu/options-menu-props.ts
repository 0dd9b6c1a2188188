// What the options menu takes (options-menu.tsx), apart from the component, so the panel that
// loads later (options-menu-panel.tsx) reads the same props without importing the component that
// loads it.
import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";

/** The props a menu button other than the '…' icon spreads on its <button>. */
export type MenuTriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
};

export interface MenuButtonLook {
  /** The button's accessible name, e.g. 'Post options'. */
  label: string;
  size?: "sm" | "md";
  triggerClassName?: string;
  /** Draws the menu's button instead of the '…' icon (the repost button's icon and count): a
   * <button> with these props spread on it. */
  trigger?: (props: MenuTriggerProps) => ReactNode;
  /** Which edge of the button the menu lines up with (the end by default). */
  align?: "start" | "end";
}

export interface OptionsMenuProps extends MenuButtonLook {
  /** OptionsMenuItem elements (options-menu-item.tsx). */
  children: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  onOpenChange?: (open: boolean) => void;
  /** Its button was used before this menu was drawn (`OptionsMenuOnUse`): it opens at once. */
  usedAlready?: boolean;
}
