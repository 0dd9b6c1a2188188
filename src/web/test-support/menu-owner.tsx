// A menu's owner for the tests of components/menu/options-menu.tsx `OptionsMenuOnUse`: its menu,
// drawn open, with one item.
import { OptionsMenu } from "../components/menu/options-menu";
import { OptionsMenuItem } from "../components/menu/options-menu-item";

export interface MenuOwnerProps {
  label: string;
  item: string;
  onOpenChange?: (open: boolean) => void;
}

export default function MenuOwner({ label, item, onOpenChange }: MenuOwnerProps) {
  return (
    <OptionsMenu label={label} usedAlready onOpenChange={onOpenChange}>
      <OptionsMenuItem icon={null} onSelect={() => undefined}>
        {item}
      </OptionsMenuItem>
    </OptionsMenu>
  );
}
