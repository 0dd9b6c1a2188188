// The 'Message options' menu on a message from another member (docs/safety.md "Report"), drawn
// from the first use of its button on (`OptionsMenuOnUse`: used-message-menu.tsx).
import { menuOwner, OptionsMenuOnUse } from "../../components/menu/options-menu";
import type { MessageMenuProps } from "./used-message-menu";

const LOOK = { label: "Message options", triggerClassName: "-my-2 -mr-2 ml-auto" };

const owner = menuOwner<MessageMenuProps>(() => import("./used-message-menu"));

export function MessageMenu(props: MessageMenuProps) {
  return <OptionsMenuOnUse {...LOOK} owner={owner} props={props} />;
}
