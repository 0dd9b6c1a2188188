// The one '…' options menu (STYLE.md "Shared UI shells") of posts, comments, messages and
// profiles, on Radix's DropdownMenu: the WAI-ARIA menu button pattern, arrow keys, Escape, and
// focus back on the button. Dialogs an item opens live outside the menu, so they outlast it.
// Loaded after the first paint (options-menu.tsx).
import { clsx } from "clsx";
import { MoreHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect } from "react";
import { mainLandmark } from "../../lib/landmarks";
import { assignRef } from "../../lib/stand-in-menu";
import { IconButton } from "../controls/icon-button";
import { type OptionsMenuItemProps, OptionsMenuItemView } from "./options-menu-item";
import type { OptionsMenuProps } from "./options-menu-props";

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm font-medium outline-none select-none data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800";

/** Drawn as its stand-in button is first used (lib/stand-in-menu.ts): it starts open. */
export default function OptionsMenuPanel(props: OptionsMenuProps) {
  const {
    label,
    children,
    size = "sm",
    triggerClassName,
    triggerRef,
    onOpenChange,
    trigger,
  } = props;
  const setButton = (element: HTMLButtonElement | null) => assignRef(triggerRef, element);
  // The stand-in's use opened it: its owner hears so, as from any later opening.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it takes the stand-in's place
  useEffect(() => onOpenChange?.(true), []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        {trigger ? (
          trigger({ ref: setButton })
        ) : (
          <IconButton ref={setButton} label={label} size={size} className={triggerClassName}>
            <MoreHorizontal aria-hidden="true" size={18} />
          </IconButton>
        )}
      </DropdownMenu.Trigger>
      {/* Inside <main>, so the open menu sits in a landmark like the thing it belongs to. */}
      <DropdownMenu.Portal container={mainLandmark()}>
        <DropdownMenu.Content
          align={props.align ?? "end"}
          sideOffset={4}
          collisionPadding={8}
          className="z-40 max-w-[calc(100vw-1rem)] min-w-44 rounded-xl border border-neutral-200 bg-white p-1 text-neutral-900 shadow-lg dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
        >
          <OptionsMenuItemView.Provider value={RadixItem}>{children}</OptionsMenuItemView.Provider>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function RadixItem({ icon, danger = false, onSelect, children }: OptionsMenuItemProps) {
  return (
    <DropdownMenu.Item
      className={clsx(itemClass, danger && "text-red-600 dark:text-red-400")}
      onSelect={onSelect}
    >
      {icon}
      {/* A long @handle is cut short rather than pushing the menu off a phone's screen. */}
      <span className="min-w-0 truncate">{children}</span>
    </DropdownMenu.Item>
  );
}
