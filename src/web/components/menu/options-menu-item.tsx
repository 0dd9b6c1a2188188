// An item of the '…' options menu, drawn by the menu that has loaded (options-menu-panel.tsx) so
// the screens that list items need not load Radix before the menu is used.
import { type ComponentType, createContext, type ReactNode, useContext } from "react";

export interface OptionsMenuItemProps {
  icon: ReactNode;
  danger?: boolean;
  onSelect: () => void;
  children: ReactNode;
}

export const OptionsMenuItemView = createContext<ComponentType<OptionsMenuItemProps> | null>(null);

export function OptionsMenuItem(props: OptionsMenuItemProps) {
  const View = useContext(OptionsMenuItemView);
  if (!View) throw new Error("OptionsMenuItem outside an OptionsMenu");
  return <View {...props} />;
}
