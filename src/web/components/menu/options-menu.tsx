// The '…' options menu of posts, comments, messages and profiles. The menu itself, on Radix's
// DropdownMenu (options-menu-panel.tsx), is kept out of the first download (docs/performance.md
// "Initial JavaScript"), and so are the menus' owners (`menuOwner`): main.tsx loads them once
// someone uses the page. Until the button is first used the same button stands in its place, and
// used, the menu is drawn open (lib/stand-in-menu.ts).
import { MoreHorizontal } from "lucide-react";
import { type ComponentType, useState } from "react";
import { type LaterComponent, laterComponent, useLaterComponent } from "../../lib/later-component";
import { standInButton, useStandInMenu } from "../../lib/stand-in-menu";
import { IconButton } from "../controls/icon-button";
import type { MenuButtonLook, OptionsMenuProps } from "./options-menu-props";

const panel = laterComponent<OptionsMenuProps>(() => import("./options-menu-panel"));

const owners = new Set<LaterComponent<never>>();
let ownersWanted = false;

/** What a menu's owner is drawn with: its own props and the look of the button that stood in for
 * it, so the owner's chunk needs nothing from the file that loads it. */
export type WithLook<P> = P & { look: MenuButtonLook };

/** A menu's owner (`OptionsMenuOnUse`) in a chunk of its own, with its items' code and dialogs:
 * loaded by `loadOptionsMenus`, or at once when they have been loaded already. */
export function menuOwner<P>(
  importer: () => Promise<{ default: ComponentType<WithLook<P>> }>,
): LaterComponent<WithLook<P>> {
  const owner = laterComponent(importer);
  if (ownersWanted) void owner.load();
  else owners.add(owner as LaterComponent<never>);
  return owner;
}

/** Loads the menu and every menu owner, those of screens loaded later as they load (main.tsx,
 * once someone uses the page). */
export function loadOptionsMenus(): Promise<unknown> {
  ownersWanted = true;
  return Promise.all([panel.load(), ...[...owners].map((owner) => owner.load())]);
}

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
 * The menu's button alone until it is first used, then the menu's `owner` (`menuOwner`, loaded
 * then if it is not yet) with `props` and the button's `look`, drawing an `OptionsMenu` marked `usedAlready`, which opens
 * at once. The items' queries and mutations and the dialogs they open are built for the menus
 * people open, not for every post of a list (docs/performance.md "Lighthouse").
 */
export function OptionsMenuOnUse<P extends object>({
  owner,
  props,
  ...look
}: MenuButtonLook & { owner: LaterComponent<WithLook<P>>; props: P }) {
  const [used, setUsed] = useState(false);
  const [Owner] = useLaterComponent(owner, used);
  if (used && Owner) return <Owner {...props} look={look} />;
  return <StandInButton look={look} button={standInButton(() => setUsed(true))} />;
}
